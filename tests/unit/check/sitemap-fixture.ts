import type { CheckInput } from '../../../src/check/finding.js';
import type { EdgeConfig } from '../../../src/model/edge-config.js';
import { LOCALES } from '../../../src/model/locale-table.js';

/**
 * A tiny built site for the sitemap and hreflang checks: two pages of one cluster (English and
 * Vietnamese pricing), a 404 page, one urlset, a sitemap index and robots.txt, all on the main host.
 * Files are written one tag a line, so tests can name lines and columns.
 */
export const MAIN = 'www.polybrowser.example';
export const ORIGIN = `https://${MAIN}`;
export const EN = `${ORIGIN}/pricing`;
export const VI = `${ORIGIN}/vn/pricing`;

/** Only what the checks read: origins, and the locales sitePages() finds 404 pages with. */
export const EDGE = {
  origins: { main: 'https://www.polybrowser.example', zh: 'https://www.polybrowser-cn.example', ru: 'https://www.polybrowser-ru.example' },
  locales: LOCALES.map((l) => [l.code, l.host, l.prefix.replace(/^\//, '')]),
} as unknown as EdgeConfig;

export type Cluster = readonly (readonly [tag: string, href: string])[];
export const CLUSTER: Cluster = [['en', EN], ['vi', VI], ['x-default', EN]];

/**
 * Lines: 1 doctype, 2 <html>, 3 <head>, 4 charset, 5 title, 6 canonical, 7.. the alternates, then
 * `extraHead`, </head> and the body.
 */
export function pageHtml(lang: string, url: string, cluster: Cluster = CLUSTER, extraHead = ''): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<title>Pricing</title>',
    `<link rel="canonical" href="${url}">`,
    ...cluster.map(([tag, href]) => `<link rel="alternate" hrefLang="${tag}" href="${href}">`),
    ...(extraHead ? [extraHead] : []),
    '</head>',
    '<body><main id="main"><h1>Pricing</h1><link rel="alternate" hreflang="de" href="https://elsewhere.example/"></main></body>',
    '</html>',
    '',
  ].join('\n');
}

export interface UrlEntry {
  loc: string;
  cluster?: Cluster;
  lastmod?: string;
}

/** Lines: 1 declaration, 2 <urlset>, then per URL: <url>, <loc>, <lastmod>, one line per link, </url>. */
export function urlset(entries: readonly UrlEntry[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const entry of entries) {
    lines.push('  <url>', `    <loc>${entry.loc}</loc>`, `    <lastmod>${entry.lastmod ?? '2026-08-04'}</lastmod>`);
    for (const [tag, href] of entry.cluster ?? []) lines.push(`    <xhtml:link rel="alternate" hreflang="${tag}" href="${href}"/>`);
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** Lines: 1 declaration, 2 <sitemapindex>, then per sitemap: <sitemap>, <loc>, </sitemap>. */
export function sitemapIndex(locs: readonly string[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const loc of locs) lines.push('  <sitemap>', `    <loc>${loc}</loc>`, '  </sitemap>');
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}

export function robots(extra = ''): string {
  return ['User-agent: *', 'Allow: /', ...(extra ? [extra] : []), '', `Sitemap: ${ORIGIN}/index-sitemap.xml`, ''].join('\n');
}

const NOT_FOUND = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '<title>Page Not Found</title>',
  '<meta name="robots" content="noindex, follow">',
  `<link rel="canonical" href="${ORIGIN}/error/404">`,
  '</head>',
  '<body><h1>Not found</h1></body>',
  '</html>',
  '',
].join('\n');

/** The clean site: every check passes. */
export function cleanFiles(): Record<string, string> {
  return {
    [`${MAIN}/pricing.html`]: pageHtml('en', EN),
    [`${MAIN}/vn/pricing.html`]: pageHtml('vi', VI),
    [`${MAIN}/404.html`]: NOT_FOUND,
    [`${MAIN}/en-US-sitemap.xml`]: urlset([{ loc: EN, cluster: CLUSTER }, { loc: VI, cluster: CLUSTER }]),
    [`${MAIN}/index-sitemap.xml`]: sitemapIndex([`${ORIGIN}/en-US-sitemap.xml`]),
    [`${MAIN}/robots.txt`]: robots(),
  };
}

export function checkInput(files: Record<string, string>): CheckInput {
  const encoder = new TextEncoder();
  return { files: new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)])), edge: EDGE };
}
