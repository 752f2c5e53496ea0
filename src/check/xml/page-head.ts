import type { SitePage } from '../finding.js';
import { normalizeUrl } from './sitemap-files.js';
import { decodeEntities } from '../html/scan-tags.js';

/**
 * What the checks need from a page's `<head>`: `<html lang>`, the canonical link, robots meta and the
 * hreflang alternates, each with the offset of its tag. Attributes are read as HTML does (names in
 * any case, so React's hrefLang counts; quoted or bare values; &amp; and friends decoded). Reading
 * stops where the head ends, including where a body element implies its end.
 */
export interface HeadAlternate {
  hreflang: string;
  href: string;
  /** Offset of `<link`. */
  offset: number;
}

export interface PageHead {
  lang: string | undefined;
  /** Offset of `<html`, or 0. */
  htmlOffset: number;
  canonical: { href: string; offset: number } | undefined;
  /** The first robots meta that says noindex (or none). */
  noindex: { content: string; offset: number } | undefined;
  alternates: HeadAlternate[];
}

const HEAD_ELEMENTS = new Set(['html', 'head', 'base', 'link', 'meta', 'noscript', 'script', 'style', 'template', 'title']);
/** Elements whose content is not markup (or is inert): skipped to their end tag. */
const SKIP_CONTENT = new Map(['script', 'style', 'template', 'title'].map((name) => [name, new RegExp(`</${name}[\\s>/]`, 'gi')]));
const ATTRIBUTE = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;

export function readHead(html: string): PageHead {
  const head: PageHead = { lang: undefined, htmlOffset: 0, canonical: undefined, noindex: undefined, alternates: [] };
  let pos = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      pos = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      pos = end === -1 ? html.length : end + 1;
      continue;
    }
    if (html[lt + 1] === '/') {
      TAG_NAME.lastIndex = lt + 2;
      const name = TAG_NAME.exec(html)?.[0].toLowerCase();
      if (name === 'head' || name === 'html') break;
      const end = html.indexOf('>', lt);
      pos = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const rawName = TAG_NAME.exec(html)?.[0];
    if (!rawName) {
      pos = lt + 1;
      continue;
    }
    const name = rawName.toLowerCase();
    if (!HEAD_ELEMENTS.has(name)) break; // body content: the head has ended
    const attributes = new Map<string, string>();
    let at = lt + 1 + rawName.length;
    const wanted = name === 'link' || name === 'meta' || name === 'html';
    while (wanted) {
      ATTRIBUTE.lastIndex = at;
      const match = ATTRIBUTE.exec(html);
      if (!match || match[0] === '') break;
      const key = match[1]!.toLowerCase();
      if (!attributes.has(key)) attributes.set(key, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
      at = ATTRIBUTE.lastIndex;
    }
    const close = html.indexOf('>', at);
    pos = close === -1 ? html.length : close + 1;

    if (name === 'html') {
      head.lang = attributes.get('lang');
      head.htmlOffset = lt;
    } else if (name === 'link') {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (href === undefined) continue;
      if (rel.includes('canonical') && !head.canonical) head.canonical = { href: href.trim(), offset: lt };
      const hreflang = attributes.get('hreflang');
      if (rel.includes('alternate') && hreflang !== undefined) head.alternates.push({ hreflang: hreflang.trim(), href: href.trim(), offset: lt });
    } else if (name === 'meta') {
      const metaName = (attributes.get('name') ?? '').toLowerCase();
      const content = attributes.get('content') ?? '';
      if ((metaName === 'robots' || metaName === 'googlebot') && !head.noindex && /(^|[\s,])(noindex|none)($|[\s,])/i.test(content)) head.noindex = { content, offset: lt };
    } else {
      const end = SKIP_CONTENT.get(name);
      if (end) {
        end.lastIndex = pos;
        pos = end.exec(html)?.index ?? html.length;
      }
    }
  }
  return head;
}

/** A page with its head read and whether it is indexable (may be listed in sitemaps and hreflang). */
export interface PageFacts {
  page: SitePage;
  head: PageHead;
  /** Normalised page URL. */
  url: string;
  /** Normalised canonical URL (resolved against the page); the page's own URL when it has none. */
  canonical: string;
  indexable: boolean;
  /** Why it is not indexable, for messages. */
  notIndexable: string | undefined;
}

export function pageFacts(page: SitePage): PageFacts {
  const head = readHead(page.html);
  const url = normalizeUrl(page.url);
  const canonical = head.canonical ? normalizeUrl(head.canonical.href, page.url) : url;
  let notIndexable: string | undefined;
  if (page.notFound) notIndexable = 'is a 404 page';
  else if (head.noindex) notIndexable = `is marked noindex (<meta name="robots" content="${head.noindex.content}">)`;
  else if (canonical !== url) notIndexable = `has its canonical elsewhere (${head.canonical?.href ?? canonical})`;
  return { page, head, url, canonical, indexable: notIndexable === undefined, notIndexable };
}

const factsCache = new WeakMap<readonly SitePage[], Map<string, PageFacts>>();

/** Facts of every page, by normalised URL (a later file at the same URL does not replace the first). */
export function factsByUrl(pages: readonly SitePage[]): Map<string, PageFacts> {
  // The sitemap and hreflang checks both read every page head: once per page list is enough.
  const cached = factsCache.get(pages);
  if (cached) return cached;
  const byUrl = new Map<string, PageFacts>();
  factsCache.set(pages, byUrl);
  for (const page of pages) {
    const facts = pageFacts(page);
    if (!byUrl.has(facts.url)) byUrl.set(facts.url, facts);
  }
  return byUrl;
}
