import { DIAGNOSTICS } from '../../errors/catalogue.js';
import type { Diagnostic } from '../../errors/site-error.js';

/** A page of sitegen's docs/ a hint names: `docs/content.md#front-matter-fields`. */
export interface DocsLink {
  /** The file name in docs/ (content.md). */
  page: string;
  /** The heading's anchor, without '#' (empty: the top of the page). */
  anchor: string;
}

/**
 * One error as the dev error panel shows it: plain data (JSON over the event stream), every field
 * text the browser sets as text, never as markup. Each field a Diagnostic has, and its catalogue
 * entry's title and hint.
 */
export interface PanelError {
  code: string;
  /** The catalogue's title of the code ("Unknown category"). */
  title: string;
  message: string;
  /** Project-relative path, as the terminal shows it. */
  file?: string;
  line?: number;
  column?: number;
  frame?: string;
  hint?: string;
  /** The docs pages the hint names, in order, then the diagnostic's own docs link if the hint does not name it. */
  docs: DocsLink[];
}

/** What a failed build sends to open pages: a number that tells one failed build from the next, and its errors. */
export interface PanelReport {
  build: number;
  errors: PanelError[];
}

/** `docs/<page>.md` or `docs/<page>.md#anchor` in a hint (anchors as GitHub makes them: `#unknown_tag` keeps its underscore). */
const DOCS_REFERENCE = /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9_-]+))?/g;

export function docsLinksIn(text: string): DocsLink[] {
  return [...text.matchAll(DOCS_REFERENCE)].map((m) => ({ page: m[1]!, anchor: m[2] ?? '' }));
}

/**
 * A diagnostic may carry its own hint and docs link (a writer-facing hint made for this one case, and
 * the docs/ section of its code); the catalogue's hint stands in when it has none.
 */
type WithHint = Diagnostic & { hint?: string; docs?: string };

export function panelError(d: WithHint): PanelError {
  const entry = DIAGNOSTICS[d.code];
  const hint = d.hint ?? entry?.hint;
  const named = hint ? docsLinksIn(hint) : [];
  const own = d.docs ? docsLinksIn(d.docs).filter((link) => !named.some((n) => n.page === link.page && n.anchor === link.anchor)) : [];
  return {
    code: d.code,
    title: entry?.title ?? d.code,
    message: d.message,
    ...(d.file ? { file: d.file } : {}),
    ...(d.position ? { line: d.position.line, column: d.position.column } : {}),
    ...(d.frame ? { frame: d.frame } : {}),
    ...(hint ? { hint } : {}),
    docs: [...named, ...own],
  };
}
