import { createHash } from 'node:crypto';

/**
 * What Pagefind is given of a page: its language and its `<main data-pagefind-body>`, the only part
 * it indexes. Sending that alone halves the time Pagefind takes to take a page in (it parses less,
 * and less goes through its pipe), and keeps what it picks as a result's image to the page's own
 * content (on a page without one it took the registration banner's). A page without that element
 * goes whole: Pagefind then leaves it out, and lostPages reports it.
 */
export function indexedPart(html: string): string {
  const lang = /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1];
  const start = html.search(/<main\b[^>]*\bdata-pagefind-body\b/);
  const end = html.lastIndexOf('</main>');
  if (lang === undefined || start < 0 || end < start) return html;
  return `<html lang="${lang}"><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}

/**
 * What a page's part of its locale's search index is a function of, for a rendered page: the digest
 * of what Pagefind is given of it (indexedPart). A change outside the main element (a new hreflang
 * alternate, the build id, a script) leaves it, and the locale's index, as they were.
 */
export const searchDigest = (html: string): string => createHash('sha256').update(indexedPart(html)).digest('hex');
