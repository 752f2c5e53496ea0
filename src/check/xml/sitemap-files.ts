import type { CheckInput } from '../finding.js';
import { attributeOf, childrenOf, lineStarts, parseXml, positionIn, type XmlDocument, type XmlElement } from './xml-scan.js';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** A host folder of the output: its key in the edge document, origin and folder name (hostname). */
export interface HostFolder {
  key: string;
  origin: string;
  folder: string;
}

export function hostFolders(input: CheckInput): HostFolder[] {
  return Object.entries(input.edge.origins).map(([key, origin]) => ({ key, origin, folder: new URL(origin).hostname }));
}

export type SitemapKind = 'index' | 'urlset';

/** An XML file in a host folder that is (or is named as) a sitemap. */
export interface SitemapFile {
  file: string;
  host: HostFolder;
  /** From the root element; a file named *sitemap*.xml with another root counts by its name. */
  kind: SitemapKind;
  text: string;
  doc: XmlDocument;
  /** Whether the root element is a urlset / sitemapindex (entries are read even in a wrong namespace: validation reports that). */
  rooted: boolean;
  /** Line and column of an offset in this file. */
  position(offset: number): { line: number; column: number };
}

/** One `<loc>` of a urlset (`<url>`) or index (`<sitemap>`), with its xhtml:link alternates. */
export interface SitemapEntry {
  loc: string;
  /** Offset of `<loc`. */
  locOffset: number;
  /** Offset of the enclosing `<url` / `<sitemap`. */
  offset: number;
  links: SitemapLink[];
}

export interface SitemapLink {
  rel: string;
  hreflang: string | undefined;
  href: string | undefined;
  /** Offset of `<xhtml:link`. */
  offset: number;
}

const decoder = new TextDecoder();

/** Every sitemap file of every host folder, sorted by path. */
export function sitemapFiles(input: CheckInput): SitemapFile[] {
  const byFolder = new Map(hostFolders(input).map((h) => [h.folder, h]));
  const files: SitemapFile[] = [];
  for (const [file, bytes] of input.files) {
    if (!file.endsWith('.xml')) continue;
    const host = byFolder.get(file.slice(0, file.indexOf('/')));
    if (!host) continue;
    const text = decoder.decode(bytes);
    const doc = parseXml(text);
    const root = doc.root;
    let kind: SitemapKind | undefined;
    const rooted = root?.local === 'urlset' || root?.local === 'sitemapindex';
    if (root?.local === 'sitemapindex') kind = 'index';
    else if (root?.local === 'urlset') kind = 'urlset';
    else if (/sitemap[^/]*\.xml$/i.test(file)) kind = /index[^/]*\.xml$/i.test(file) ? 'index' : 'urlset';
    if (!kind) continue; // RSS, Atom and other XML
    let starts: number[] | undefined;
    files.push({ file, host, kind, text, doc, rooted, position: (offset) => positionIn((starts ??= lineStarts(text)), offset) });
  }
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The `<url>` (urlset) or `<sitemap>` (index) entries that have a `<loc>`. */
export function sitemapEntries(sitemap: SitemapFile): SitemapEntry[] {
  const root = sitemap.doc.root;
  if (!root || !sitemap.rooted) return [];
  const entries: SitemapEntry[] = [];
  for (const item of childrenOf(root, root.ns, sitemap.kind === 'index' ? 'sitemap' : 'url')) {
    const loc = childrenOf(item, root.ns, 'loc')[0];
    if (!loc) continue;
    entries.push({ loc: loc.text.trim(), locOffset: loc.offset, offset: item.offset, links: linksOf(item) });
  }
  return entries;
}

function linksOf(item: XmlElement): SitemapLink[] {
  return childrenOf(item, XHTML_NS, 'link').map((link) => ({
    rel: attributeOf(link, 'rel')?.value ?? '',
    hreflang: attributeOf(link, 'hreflang')?.value,
    href: attributeOf(link, 'href')?.value,
    offset: link.offset,
  }));
}

/** Lower-case host without port or credentials, then a path of unreserved characters only. */
const SIMPLE_URL = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*\/[A-Za-z0-9\-._~/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** A URL in a comparable form (percent-encoding and host case normalised); unparsable text as is. */
export function normalizeUrl(url: string, base?: string): string {
  // Already normal (the usual case, and URL parsing dominates a large site's check time otherwise).
  if (SIMPLE_URL.test(url) && !DOT_SEGMENT.test(url)) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

export function isAbsoluteHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]/i.test(url);
}
