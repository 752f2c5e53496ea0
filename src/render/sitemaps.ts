import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
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
 * written as both /index-sitemap.xml (the spec's name) and /sitemap.xml (where crawlers look).
 */
export async function renderSitemaps(pages: readonly Page[], config: SiteConfig, limits = SITEMAP_LIMITS): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for (const host of HOST_KEYS) {
    const indexEntries: { url: string; lastmod?: string }[] = [];
    for (const locale of LOCALES.filter((l) => l.host === host)) {
      const listed = pages.filter((p) => p.locale === locale.code && p.indexable).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const chunks = await chunkSitemaps(listed, limits);
      chunks.forEach((chunk, i) => {
        const name = i === 0 ? locale.sitemapFile : locale.sitemapFile.replace(/\.xml$/, `-${i + 1}.xml`);
        files.push({ path: `${hostDir(config, host)}/${name}`, contents: chunk.xml });
        indexEntries.push({ url: `${config.hosts[host]}/${name}`, ...(chunk.lastmod ? { lastmod: chunk.lastmod } : {}) });
      });
    }
    const index = await renderIndex(indexEntries);
    files.push({ path: `${hostDir(config, host)}/index-sitemap.xml`, contents: index });
    files.push({ path: `${hostDir(config, host)}/sitemap.xml`, contents: index });
  }
  return files;
}

async function chunkSitemaps(pages: Page[], limits: typeof SITEMAP_LIMITS): Promise<{ xml: string; lastmod?: string }[]> {
  const chunks: { xml: string; lastmod?: string }[] = [];
  let start = 0;
  do {
    let size = Math.min(limits.urls, pages.length - start);
    let xml = await renderUrlset(pages.slice(start, start + size));
    // Halve until the file fits the byte limit: rare, and keeps every file valid.
    while (Buffer.byteLength(xml) > limits.bytes && size > 1) {
      size = Math.ceil(size / 2);
      xml = await renderUrlset(pages.slice(start, start + size));
    }
    const lastmod = pages.slice(start, start + size).map((p) => p.lastmod).filter((d): d is string => !!d).sort().at(-1);
    chunks.push({ xml, ...(lastmod ? { lastmod } : {}) });
    start += size;
  } while (start < pages.length);
  return chunks;
}

async function renderUrlset(pages: Page[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true }, lastmodDateOnly: true });
  for (const page of pages) {
    stream.write({
      url: page.url,
      ...(page.lastmod ? { lastmod: page.lastmod } : {}),
      links: page.alternates.map((a) => ({ lang: a.hreflang, url: a.url })),
    });
  }
  stream.end();
  return (await streamToPromise(stream)).toString();
}

async function renderIndex(entries: { url: string; lastmod?: string }[]): Promise<string> {
  const stream = new SitemapIndexStream({ lastmodDateOnly: true });
  for (const entry of entries) stream.write(entry);
  stream.end();
  return (await streamToPromise(stream)).toString();
}

export function robotsTxt(config: SiteConfig, host: HostKey): OutputFile {
  const contents = ['User-agent: *', 'Allow: /', '', `Sitemap: ${config.hosts[host]}/index-sitemap.xml`, ''].join('\n');
  return { path: `${hostDir(config, host)}/robots.txt`, contents };
}
