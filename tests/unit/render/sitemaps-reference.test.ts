import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/model/page.js';
import { sitemapFiles } from '../../../src/render/sitemaps.js';
import { sampleSite } from '../../helpers/sample-site.js';

/**
 * sitegen writes sitemaps as plain strings; the `sitemap` library (which it used to stream them
 * through) is the reference they are compared with, byte for byte.
 */
async function libraryUrlset(pages: readonly Page[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true }, lastmodDateOnly: true });
  for (const page of pages) stream.write({ url: page.url, ...(page.lastmod ? { lastmod: page.lastmod } : {}), links: page.alternates.map((a) => ({ lang: a.hreflang, url: a.url })) });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

async function libraryIndex(entries: { url: string; lastmod?: string }[]): Promise<string> {
  const stream = new SitemapIndexStream({ lastmodDateOnly: true });
  for (const entry of entries) stream.write(entry);
  stream.end();
  return (await streamToPromise(stream)).toString();
}

const text = (contents: string | unknown) => String(contents);

describe('sitemaps written as strings', () => {
  it('equal what the sitemap library writes for every sitemap and index of the sample site', async () => {
    const site = await sampleSite();
    const files = [...sitemapFiles(site.pages, site.config!)];
    const urlsets = files.filter((f) => /-sitemap(-\d+)?\.xml$/.test(f.path) && !f.path.endsWith('/index-sitemap.xml'));
    expect(urlsets.length).toBeGreaterThan(10);
    for (const file of urlsets) {
      const host = file.path.slice(0, file.path.indexOf('/'));
      const locs = [...text(file.contents).matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const pages = locs.map((loc) => site.pages.find((p) => p.url === loc && p.indexable)!);
      expect(pages.every(Boolean), file.path).toBe(true);
      expect(pages.every((p) => new URL(p.url).host === host), file.path).toBe(true);
      expect(text(file.contents), file.path).toBe(await libraryUrlset(pages));
    }
    for (const file of files.filter((f) => f.path.endsWith('/index-sitemap.xml'))) {
      const entries = [...text(file.contents).matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => ({ url: m[1]!, ...(m[2] ? { lastmod: m[2] } : {}) }));
      expect(text(file.contents)).toBe(await libraryIndex(entries));
    }
  });

  it('escape and encode hostile URLs as the library does', async () => {
    const site = await sampleSite();
    const base = site.pages.find((p) => p.indexable && p.locale === 'en')!;
    const odd: Page[] = [
      { ...base, url: 'https://www.polybrowser.example/a&b<c>"d\'e', lastmod: '2026-03-14', alternates: [{ ...base.alternates[0]!, url: 'https://www.polybrowser.example/ü?x=1&y=\'2\'' }] },
      { ...base, url: 'https://www.polybrowser.example/путь/страница', lastmod: undefined, alternates: [] },
    ];
    const files = [...sitemapFiles(odd, site.config!)];
    const en = files.find((f) => f.path.endsWith('/en-US-sitemap.xml'))!;
    expect(text(en.contents)).toBe(await libraryUrlset(odd));
    expect(text(en.contents)).toContain('%D0%BF%D1%83%D1%82%D1%8C');
  });
});
