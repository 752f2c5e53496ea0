import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { loadPagefind, type PagefindResult } from '../search/pagefind.js';
import { countText, fill, toResult, type SearchResult } from '../search/results.js';
import { SpriteIcon } from './sprite-icon.js';

/** The island's words, in the page's language (content/messages: search.*). */
export interface SearchText {
  label: string;
  placeholder: string;
  submit: string;
  loading: string;
  /** The count line, one text per plural form of the language; {n} and {query} are filled in here. */
  results: Partial<Record<Intl.LDMLPluralRule, string>>;
  none: string;
  failed: string;
  empty: string;
  all: string;
  more: string;
}

export interface SiteSearchProps {
  /** header: a box whose first results open under it; page: the search page's box and results, for ?q= of its URL. */
  mode: 'header' | 'page';
  /** The locale's search page: where the form goes (without JavaScript, and on Enter in the header), and "all results". */
  action: string;
  /** The page's language (BCP 47): the plural rules of the count line. */
  lang: string;
  sprite: string;
  text: SearchText;
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; query: string }
  | { kind: 'failed'; query: string }
  /** `loaded`: the matches whose data was fetched (a match that is no page of this host shows nothing). */
  | { kind: 'done'; query: string; results: SearchResult[]; loaded: number; total: number };

/** Results shown at once: a few under the header's box, a page of them on the search page ("more" adds as many). */
const SHOWN = { header: 5, page: 10 } as const;
/** Searching waits for a pause in typing this long: one search per word typed, not per key. */
export const TYPING_PAUSE_MS = 150;

/**
 * Full-text search of the visitor's host and language (docs/search.md). The server renders a plain
 * GET form to the locale's search page, which works without JavaScript. The island hydrates at
 * the visitor's first interaction (the header's) or when idle (the search page's), and loads
 * Pagefind's search code and index only when the box is first focused or typed into. Results are
 * links to pages of this host; arrow keys move between the box and the results, Escape closes the
 * header's list.
 */
export default function SiteSearch({ mode, action, lang, sprite, text }: SiteSearchProps) {
  const id = `site-search-${mode}`;
  // False in the server's HTML and at hydration, so both render alike.
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  /** The number of the latest search: answers to older ones are dropped. */
  const latest = useRef(0);
  /** Every match of the latest search, for "more". */
  const matches = useRef<PagefindResult[]>([]);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const search = async (typed: string) => {
    const query = typed.trim();
    const run = ++latest.current;
    if (mode === 'page') keepInAddress(query);
    matches.current = [];
    if (!query) return setState({ kind: 'idle' });
    setState({ kind: 'loading', query });
    try {
      const answer = await (await loadPagefind()).search(query);
      if (run !== latest.current || !answer) return;
      matches.current = answer.results;
      const results = await resultsOf(answer.results.slice(0, SHOWN[mode]));
      if (run === latest.current) setState({ kind: 'done', query, results, loaded: Math.min(SHOWN[mode], answer.results.length), total: answer.results.length });
    } catch {
      if (run === latest.current) setState({ kind: 'failed', query });
    }
  };

  const more = async () => {
    if (state.kind !== 'done') return;
    const run = latest.current;
    const slice = matches.current.slice(state.loaded, state.loaded + SHOWN.page);
    const next = await resultsOf(slice).catch(() => undefined);
    if (next && run === latest.current) setState({ ...state, results: [...state.results, ...next], loaded: state.loaded + slice.length });
  };

  useEffect(() => {
    setReady(true);
    const field = input.current;
    if (!field) return;
    // A query in the search page's address, or what was typed into the box before it hydrated.
    const asked = mode === 'page' ? (new URLSearchParams(window.location.search).get('q') ?? '') : '';
    const query = asked || field.value;
    if (!query) return;
    field.value = query;
    void search(query);
    if (mode === 'header' && document.activeElement === field) setOpen(true);
  }, []);

  useEffect(() => {
    if (mode !== 'header') return;
    const box = root.current!;
    // Focus moving to something outside closes the list; a click on the list's own text moves focus nowhere.
    const left = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !box.contains(event.relatedTarget)) setOpen(false);
    };
    const away = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !box.contains(event.target)) setOpen(false);
    };
    box.addEventListener('focusout', left);
    document.addEventListener('pointerdown', away);
    return () => {
      box.removeEventListener('focusout', left);
      document.removeEventListener('pointerdown', away);
    };
  }, []);

  const typed = (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    if (mode === 'header') setOpen(true);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => void search(value), TYPING_PAUSE_MS);
  };

  const submitted = (event: FormEvent<HTMLFormElement>) => {
    const query = input.current?.value.trim() ?? '';
    // The header's form goes to the search page with every result; without a query, the magnifier
    // (all there is of the box where the header is full) opens the box instead.
    if (mode === 'header') {
      if (!query) {
        event.preventDefault();
        input.current?.focus();
      }
      return;
    }
    // The search page searches in place.
    event.preventDefault();
    clearTimeout(typing.current);
    void search(query);
  };

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = [...root.current!.querySelectorAll<HTMLAnchorElement>('.site-search-result')];
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && links.length) {
      event.preventDefault();
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
      if (next < 0) input.current?.focus();
      else links[next]!.focus();
      if (mode === 'header') setOpen(true);
    } else if (event.key === 'Escape' && mode === 'header' && open) {
      event.preventDefault();
      setOpen(false);
      input.current?.focus();
    }
  };

  const status = !ready ? ''
    : state.kind === 'loading' ? text.loading
    : state.kind === 'failed' ? text.failed
    : state.kind === 'done' ? (state.total ? countText(text.results, lang, state.total, state.query) : fill(text.none, 0, state.query))
    : mode === 'page' ? text.empty : '';
  const shown = mode === 'page' || (open && state.kind !== 'idle');
  return (
    <div ref={root} className={`site-search site-search-${mode}`} onKeyDown={keys}>
      <form className="site-search-form" role="search" action={action} method="get" onSubmit={submitted}>
        <label className="visually-hidden" htmlFor={`${id}-q`}>{text.label}</label>
        <input
          ref={input}
          id={`${id}-q`}
          className="site-search-input"
          type="search"
          name="q"
          placeholder={text.placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-status`}
          onInput={typed}
          onFocus={() => {
            // The first focus is the first use: Pagefind loads while the visitor types.
            void loadPagefind().catch(() => undefined);
            if (mode === 'header' && state.kind !== 'idle') setOpen(true);
          }}
        />
        <button type="submit" className="site-search-submit" title={text.submit}>
          <SpriteIcon sprite={sprite} name="search" size={18} />
          <span className="visually-hidden">{text.submit}</span>
        </button>
      </form>
      <div className="site-search-panel" id={`${id}-panel`} hidden={!shown}>
        <p className="site-search-status" id={`${id}-status`} role="status">{status}</p>
        {state.kind === 'done' && state.results.length ? (
          <ul className="site-search-results">
            {state.results.map((result) => (
              <li key={result.url}>
                <a className="site-search-result" href={result.url}>
                  <span className="site-search-title">{result.title}</span>
                  {result.excerpt.length ? (
                    <span className="site-search-excerpt">{result.excerpt.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {state.kind === 'done' && mode === 'page' && state.loaded < state.total ? (
          <button type="button" className="btn btn-ghost site-search-more" onClick={() => void more()}>{text.more}</button>
        ) : null}
        {state.kind === 'done' && mode === 'header' && state.total ? (
          <a className="site-search-all" href={`${action}?q=${encodeURIComponent(state.query)}`}>{text.all}</a>
        ) : null}
      </div>
    </div>
  );
}

/** The data of these matches, as safe results (results.ts); a match whose data is not a page of this host is left out. */
async function resultsOf(found: readonly PagefindResult[]): Promise<SearchResult[]> {
  const data = await Promise.all(found.map((r) => r.data()));
  return data.flatMap((d) => toResult(d) ?? []);
}

/** The search page's address follows its query, so that reloading, sharing or going back shows the same results. */
function keepInAddress(query: string): void {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
}
