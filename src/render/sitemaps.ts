import { escapeXml, escapeXmlText } from '../format/escape-xml.js';
import type { SiteConfig } from '../model/site-config.js';
import { HOST_KEYS, LOCALES, type HostKey } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import { hostDir } from '../route/urls.js';
import type { OutputFile } from '../model/output-file.js';

/** sitemaps.org limits for one file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

/**
 * Per host: one sitemap per locale served there (split into -2, -3 ... files past the limits), each
 * URL with its lastmod from content and its hreflang cluster as xhtml:link; and a sitemap index,
 * written as both /index-sitemap.xml (the spec's name) and /sitemap.xml (where crawlers look). One
 * file at a time: a build writes each before the next is made (a locale's sitemap of 6 000 articles
 * is 9 MB, all of them 130 MB).
 */
export function* sitemapFiles(pages: readonly Page[], config: SiteConfig, limits = SITEMAP_LIMITS): Generator<OutputFile> {
  const href = hrefs();
  for (const host of HOST_KEYS) {
    const indexEntries: { url: string; lastmod?: string }[] = [];
    for (const locale of LOCALES.filter((l) => l.host === host)) {
      const listed = pages.filter((p) => p.locale === locale.code && p.indexable).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      let i = 0;
      for (const chunk of chunkSitemaps(listed, limits, href)) {
        const name = i === 0 ? locale.sitemapFile : locale.sitemapFile.replace(/\.xml$/, `-${i + 1}.xml`);
        i++;
        yield { path: `${hostDir(config, host)}/${name}`, contents: chunk.xml };
        indexEntries.push({ url: `${config.hosts[host]}/${name}`, ...(chunk.lastmod ? { lastmod: chunk.lastmod } : {}) });
      }
    }
    const index = renderIndex(indexEntries, href);
    yield { path: `${hostDir(config, host)}/index-sitemap.xml`, contents: index };
    yield { path: `${hostDir(config, host)}/sitemap.xml`, contents: index };
  }
}

function* chunkSitemaps(pages: Page[], limits: typeof SITEMAP_LIMITS, href: Href): Generator<{ xml: string; lastmod?: string }> {
  let start = 0;
  do {
    let size = Math.min(limits.urls, pages.length - start);
    let xml = renderUrlset(pages.slice(start, start + size), href);
    // Halve until the file fits the byte limit: rare, and keeps every file valid.
    while (Buffer.byteLength(xml) > limits.bytes && size > 1) {
      size = Math.ceil(size / 2);
      xml = renderUrlset(pages.slice(start, start + size), href);
    }
    const lastmod = pages.slice(start, start + size).map((p) => p.lastmod).filter((d): d is string => !!d).sort().at(-1);
    yield { xml, ...(lastmod ? { lastmod } : {}) };
    start += size;
  } while (start < pages.length);
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A URL serialised as a browser's URL parser does (non-ASCII percent-encoded), each URL parsed once. */
type Href = (url: string) => string;

/**
 * Every page of a cluster lists every other as an alternate: remembered, each URL is parsed once,
 * not once per page of its cluster.
 */
function hrefs(): Href {
  const seen = new Map<string, string>();
  return (url) => {
    let href = seen.get(url);
    if (href === undefined) seen.set(url, (href = new URL(url).href));
    return href;
  };
}

/**
 * Written as strings, without a stream library (the scale issue found one among a CI build's
 * costs). URLs are serialised by `href` and escaped; lastmod is the date only.
 */
function renderUrlset(pages: Page[], href: Href): string {
  const parts = [`${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`];
  for (const page of pages) {
    parts.push(`<url><loc>${escapeXmlText(href(page.url))}</loc>`);
    if (page.lastmod) parts.push(`<lastmod>${dateOnly(page.lastmod)}</lastmod>`);
    for (const a of page.alternates) parts.push(`<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(href(a.url))}"/>`);
    parts.push('</url>');
  }
  parts.push('</urlset>');
  return parts.join('');
}

function renderIndex(entries: { url: string; lastmod?: string }[], href: Href): string {
  const parts = [`${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`];
  for (const entry of entries) parts.push(`<sitemap><loc>${escapeXmlText(href(entry.url))}</loc>${entry.lastmod ? `<lastmod>${dateOnly(entry.lastmod)}</lastmod>` : ''}</sitemap>`);
  parts.push('</sitemapindex>');
  return parts.join('');
}

const dateOnly = (date: string) => new Date(date).toISOString().slice(0, 10);

/**
 * robots.txt: everything may be crawled; the sitemap index, then each Atom feed of the host, which
 * Google and Bing read as sitemaps of the newest URLs (docs/feeds.md). Feeds are named here rather
 * than in the sitemap index, whose entries must be sitemaps.
 */
export function robotsTxt(config: SiteConfig, host: HostKey, feeds: readonly string[] = []): OutputFile {
  const contents = ['User-agent: *', 'Allow: /', '', `Sitemap: ${config.hosts[host]}/index-sitemap.xml`, ...feeds.map((url) => `Sitemap: ${url}`), ''].join('\n');
  return { path: `${hostDir(config, host)}/robots.txt`, contents };
}
