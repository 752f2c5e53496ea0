import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES, type HostKey, type LocaleCode } from '../../src/model/locale-table.js';
import { indexedPages } from '../helpers/search-index.js';
import { DESKTOP, e2e, newPage, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();

/**
 * Issue 21: full-text search in each locale, on the static output (`sitegen serve` of the built
 * sample site), in Chromium. A word of a page title in each locale's own content: Latin, Han,
 * Japanese, Thai (Pagefind segments the last three, which have no spaces between words) and
 * Cyrillic (which Pagefind stems: "профили" finds "профилей" too).
 */
const CASES: { locale: LocaleCode; word: string }[] = [
  { locale: 'en', word: 'fingerprint' },
  { locale: 'zh', word: '指纹' },
  { locale: 'jp', word: 'プロキシ' },
  { locale: 'th', word: 'พร็อกซี' },
  { locale: 'ru', word: 'профили' },
];

const localeOf = (code: LocaleCode) => LOCALES.find((l) => l.code === code)!;
const home = (code: LocaleCode) => localeOf(code).prefix || '/';

/** Whether a result's path is a page of the locale: under its prefix, or, for a host's root locale, under no other locale's. */
function isOfLocale(code: LocaleCode, path: string): boolean {
  const locale = localeOf(code);
  if (locale.prefix) return path === locale.prefix || path.startsWith(`${locale.prefix}/`);
  return !LOCALES.some((l) => l.host === locale.host && l.prefix && (path === l.prefix || path.startsWith(`${l.prefix}/`)));
}

/** Every request the page makes for the search code or index, as URLs. */
function searchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/pagefind/')) seen.push(url);
  });
  return seen;
}

const HOST_FOLDERS: Record<HostKey, string> = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };

/**
 * The built pages of a locale whose <h1> has the word, by path, read from the output the server
 * serves: the search must list each of them (a page's title is always indexed). Not the pages that
 * are not indexed (error pages, the icon sheet, the search page).
 */
function pagesTitled(code: LocaleCode, word: string): string[] {
  const folder = join(e2e.distDir, HOST_FOLDERS[localeOf(code).host]);
  const found: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = relative(folder, join(entry.parentPath, entry.name));
    const path = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    if (!isOfLocale(code, path) || /(^|\/)(404|_icons|search|error\/\d+)$/.test(path)) continue;
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(readFileSync(join(folder, file), 'utf8'))?.[1]?.replace(/<[^>]+>/g, '') ?? '';
    if (h1.toLowerCase().includes(word.toLowerCase())) found.push(path);
  }
  return found.sort();
}

/**
 * The pages the last shard of a locale's index holds, read from the output the server serves
 * (<host>/pagefind/sitegen-shards.json names the shards of each language by <html lang>).
 */
function lastShardPages(code: LocaleCode): { folder: string; pages: ReturnType<typeof indexedPages> } {
  const host = HOST_FOLDERS[localeOf(code).host];
  const bundle = join(e2e.distDir, host, 'pagefind');
  const folder = (JSON.parse(readFileSync(join(bundle, 'sitegen-shards.json'), 'utf8')) as Record<string, string[]>)[localeOf(code).hreflang]!.at(-1)!;
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(join(bundle, folder, 'fragment'))) files.set(`${host}/pagefind/fragment/${entry}`, readFileSync(join(bundle, folder, 'fragment', entry)));
  return { folder, pages: indexedPages(files, host) };
}

const resultHrefs = (page: Page, scope: string) => page.locator(`${scope} a.site-search-result`).evaluateAll((links) => links.map((a) => a.getAttribute('href')!));

/** The search page's results once some are shown, after "More" until every match is: their links. */
async function everyResult(page: Page): Promise<string[]> {
  const results = page.locator('.site-search-page a.site-search-result');
  await expect.poll(() => results.count()).toBeGreaterThan(0);
  const more = page.locator('.site-search-more');
  while (await more.count()) {
    const before = await results.count();
    await more.click();
    await expect.poll(() => results.count()).toBeGreaterThan(before);
  }
  return resultHrefs(page, '.site-search-page');
}

describe('search in Chromium', () => {
  it.each(CASES)('$locale: the header box finds "$word" in the locale\'s own pages, on its own host, and a result opens', async ({ locale, word }) => {
    const host: HostKey = localeOf(locale).host;
    const { context, page } = await newPage(browser(), DESKTOP);
    const requests = searchRequests(page);
    await page.goto(siteUrl(home(locale), host), { waitUntil: 'load' });
    // Nothing of the search code or index is fetched before the box is used.
    expect(requests).toEqual([]);
    const box = page.locator('#site-search-header-q');
    await box.click();
    await box.pressSequentially(word);
    const results = page.locator('.site-search-header a.site-search-result');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    const hrefs = await resultHrefs(page, '.site-search-header');
    expect(hrefs.filter((href) => !href.startsWith('/') || href.startsWith('//') || !isOfLocale(locale, href))).toEqual([]);
    // The index came from this host's own /pagefind/, in the page's language only.
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((url) => url.host))).toEqual(new Set([new URL(page.url()).host]));
    const language = localeOf(locale).hreflang.toLowerCase();
    const indexFiles = requests.filter((url) => /\.pf_(meta|index|fragment)$/.test(url.pathname));
    expect(indexFiles.length).toBeGreaterThan(0);
    expect(indexFiles.filter((url) => !url.pathname.split('/').at(-1)!.replace(/^pagefind\./, '').startsWith(`${language}_`))).toEqual([]);
    expect(await page.locator('#site-search-header-status').textContent()).toMatch(/\d/);
    // The words the first result marks as found are on the page it opens.
    const marked = await page.locator('.site-search-header a.site-search-result').first().locator('mark').allInnerTexts();
    expect(marked.length).toBeGreaterThan(0);
    // Keyboard: from the box to the first result, and Enter opens it.
    await box.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(hrefs[0]);
    const [response] = await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(response!.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(hrefs[0]);
    expect(await page.locator('html').getAttribute('lang')).toBe(localeOf(locale).hreflang);
    const text = (await page.locator('main').innerText()).toLowerCase();
    for (const found of marked) expect(text).toContain(found.replace(/\u200b/g, '').replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '').toLowerCase());
    await context.close();
  });

  it.each(CASES)('$locale: the search page lists pages of the locale only, each page titled with "$word" among them, from every shard of its index', async ({ locale, word }) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const requests = searchRequests(page);
    const path = `${localeOf(locale).prefix}/search`;
    await page.goto(siteUrl(`${path}?q=${encodeURIComponent(word)}`, localeOf(locale).host), { waitUntil: 'load' });
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    const hrefs = await everyResult(page);
    expect(hrefs.filter((href) => !isOfLocale(locale, href))).toEqual([]);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const count = Number(/\d+/.exec((await page.locator('#site-search-page-status').textContent())!)![0]);
    expect(count).toBe(hrefs.length);
    const titled = pagesTitled(locale, word);
    expect(titled.length).toBeGreaterThan(0);
    expect(titled.filter((path) => !hrefs.includes(path))).toEqual([]);
    // The locale's index is in shards (support/site-with-fake-api.ts): the results came from them too.
    const shards = requests.filter((url) => new RegExp(`^/pagefind/${locale}-\\d+/.+\\.pf_(meta|index|fragment)$`).test(url.pathname));
    expect(new Set(shards.map((url) => url.pathname.split('/')[2])).size).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it.each(['en', 'zh', 'ru'] as const)('%s: the search page finds by its title a page that only the last shard of the locale\'s index holds', async (locale) => {
    const { folder, pages } = lastShardPages(locale);
    // The pages of the locale in path order, cut in shards: the last holds the last paths (/use-cases/…).
    expect(folder).toMatch(new RegExp(`^${locale}-[2-9]/$`));
    const target = pages.find((p) => p.title && !p.url.endsWith('/'))!;
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl(`${localeOf(locale).prefix}/search?q=${encodeURIComponent(target.title!)}`, localeOf(locale).host), { waitUntil: 'load' });
    expect(await everyResult(page)).toContain(target.url);
    await context.close();
  });

  it('shows results within a 320 px phone screen, from the box at the top of the menu', async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, locale: 'th-TH' });
    await page.goto(siteUrl('/th/blog'), { waitUntil: 'load' });
    await page.locator('.menu-toggle').click();
    const box = page.locator('#site-search-header-q');
    await box.click();
    await box.pressSequentially('พร็อกซี');
    await expect.poll(() => page.locator('.site-search-header a.site-search-result').count()).toBeGreaterThan(0);
    const wide = await page.evaluate(() => [...document.querySelectorAll('.site-search-header *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.className));
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await context.close();
  });

  it('without JavaScript, the header\'s form leads to the search page, which says search needs JavaScript and lists the sections', async () => {
    const { context, page } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
    await page.goto(siteUrl('/', 'ru'), { waitUntil: 'load' });
    await page.locator('#site-search-header-q').fill('прокси');
    await Promise.all([page.waitForNavigation(), page.locator('#site-search-header-q').press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('прокси');
    expect(await page.locator('.search-no-script').innerText()).toBe('Для поиска нужен JavaScript. Включите его или начните с разделов ниже.');
    expect(await page.locator('.not-found-links > li').count()).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
