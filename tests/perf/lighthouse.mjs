#!/usr/bin/env node
/**
 * Lighthouse (mobile preset: Moto G class device, simulated slow 4G, 4x CPU slowdown) on the home,
 * pricing and first article page of every locale, in Debian's Chromium. The site is the sample site
 * built and served exactly as for the browser tests: against the local fake API of spec §7 (a visitor
 * from the US, so no consent banner), by sitegen's own server. A measurement script, not a test:
 * scores move with machine load.
 *
 *   npm run lighthouse                 # every locale (42 pages, ~6 minutes)
 *   npm run lighthouse -- --locales en,zh,vn
 *
 * Prints one line per page and the lowest score; exits 1 when a page scores under 95 or CLS ≥ 0.05.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const only = args.includes('--locales') ? args[args.indexOf('--locales') + 1].split(',') : undefined;

const { startSiteWithFakeApi } = await import(await bundled('tests/e2e/support/site-with-fake-api.ts'));
const site = await startSiteWithFakeApi(root);
const report = JSON.parse(readFileSync(join(site.distDir, 'reports/js.json'), 'utf8'));
const port = site.port;
const LOCAL = { 'www.polybrowser.example': 'localhost', 'www.polybrowser-cn.example': 'zh.localhost', 'www.polybrowser-ru.example': 'ru.localhost' };
const localUrl = (real) => {
  const url = new URL(real);
  return `http://${LOCAL[url.hostname]}:${port}${url.pathname}`;
};

// Pick home, pricing and the first article of each locale from the build's page report.
const localeOf = (real) => {
  const url = new URL(real);
  if (url.hostname.includes('-cn')) return 'zh';
  if (url.hostname.includes('-ru')) return 'ru';
  const first = url.pathname.split('/')[1];
  return ['vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'].includes(first) ? first : 'en';
};
const pages = [];
for (const locale of ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc']) {
  if (only && !only.includes(locale)) continue;
  for (const template of ['home', 'pricing', 'article']) {
    const page = report.pages.find((p) => p.template === template && localeOf(p.page) === locale);
    if (page) pages.push({ locale, template, url: localUrl(page.page) });
  }
}

const chrome = await launch({
  chromePath: process.env.SITEGEN_CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const rows = [];
try {
  for (const page of pages) {
    const result = await lighthouse(page.url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const audits = result.lhr.audits;
    const row = {
      page: `${page.locale} ${page.template}`,
      score: Math.round(result.lhr.categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
    rows.push(row);
    console.log(`${row.page.padEnd(14)} score ${String(row.score).padStart(3)}  FCP ${ms(row.fcp)}  LCP ${ms(row.lcp)}  TBT ${ms(row.tbt)}  CLS ${row.cls.toFixed(3)}`);
  }
} finally {
  await chrome.kill();
  await site.close();
}
const worst = rows.reduce((a, b) => (b.score < a.score ? b : a));
const worstCls = rows.reduce((a, b) => (b.cls > a.cls ? b : a));
console.log(`\n${rows.length} pages; lowest score ${worst.score} (${worst.page}); highest CLS ${worstCls.cls.toFixed(3)} (${worstCls.page})`);
console.log('JS per page type (gzip, from dist/reports/js.json):');
for (const [template, t] of Object.entries(report.byTemplate)) console.log(`  ${template.padEnd(14)} initial ${kb(t.initialGzip)}  at most ${kb(t.totalGzip)}  (${t.pages} pages)`);
process.exit(worst.score >= 95 && worstCls.cls < 0.05 ? 0 : 1);

function ms(value) {
  return `${Math.round(value)} ms`.padStart(8);
}
function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`.padStart(8);
}

/** The site helper is TypeScript: bundle it with esbuild, as bin/sitegen does for the CLI. */
async function bundled(entry) {
  const esbuild = await import('esbuild');
  const out = join(root, 'node_modules/.cache/sitegen/lighthouse-site.mjs');
  await esbuild.build({ entryPoints: [join(root, entry)], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: out, logLevel: 'silent' });
  return out;
}
