import type { PagefindData } from './pagefind.js';

/** A search result as the island shows it: a path on this host, a title, and the excerpt as text with the matches marked. */
export interface SearchResult {
  url: string;
  title: string;
  excerpt: { text: string; mark: boolean }[];
}

/**
 * A result made safe to show. The index is built from page text, so its strings are treated as
 * text and never as markup: the excerpt's only markup, Pagefind's <mark> around the words that
 * matched, becomes `mark` flags and everything else is text (entities decoded, so "&lt;" reads
 * "<"). The link must be a path on this host ("/x", never "//host" or "javascript:"): results
 * never lead off the visitor's host. Anything else is no result.
 */
export function toResult(data: PagefindData): SearchResult | undefined {
  const url = data.url;
  if (typeof url !== 'string' || !/^\/(?![/\\])/.test(url) || /[\u0000-\u001f\\]/.test(url)) return undefined;
  const title = typeof data.meta?.title === 'string' && data.meta.title.trim() ? data.meta.title : url;
  const excerpt = typeof data.excerpt === 'string' ? data.excerpt : '';
  const parts = excerpt.split(/<mark>|<\/mark>/);
  return {
    url,
    title: decodeEntities(title),
    excerpt: parts.map((text, i) => ({ text: decodeEntities(text), mark: i % 2 === 1 })).filter((p) => p.text),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The few entities an excerpt can hold, decoded; an entity that is not one of them stays as it is. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (match, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? match;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : match;
  });
}

/** The count line in the page's language: the plural form its rules pick, with {n} and {query} filled in as text. */
export function countText(forms: Partial<Record<Intl.LDMLPluralRule, string>>, lang: string, n: number, query: string): string {
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other ?? '';
  return fill(form, n, query);
}

/** A message with {n} and {query} filled in: the visitor's words go in as text, and "{n}" typed in a query stays as typed. */
export function fill(message: string, n: number, query: string): string {
  return message.replace(/\{(n|query)\}/g, (_, name: string) => (name === 'n' ? String(n) : query));
}
