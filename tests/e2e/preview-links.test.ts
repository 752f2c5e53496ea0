import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serveSite, type RunningServer } from '../../src/serve/serve-site.js';
import { ROOT } from '../helpers/fixture.js';
import { findChromium, LOCAL_ONLY_ARGS } from './support/find-chromium.js';

/**
 * A preview a reader can click through: the sample site built as `sitegen build` builds it, with
 * its production origins (https://www.polybrowser.example, -cn, -ru) in site.yaml, served by
 * `sitegen serve`'s server and opened at http://localhost:PORT as the CLI prints it. Every link and
 * redirect has to keep the visitor on this machine: Chromium resolves nothing but localhost and
 * *.localhost here, so a link to a production origin would fail to load.
 */

let distDir: string | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
let port = '';

beforeAll(async () => {
  const executablePath = findChromium();
  distDir = mkdtempSync(join(tmpdir(), 'sitegen-preview-e2e-'));
  const result = await build({ root: ROOT, outDir: distDir, write: true });
  if (!result.ok) throw new Error(`the sample site does not build:\n${result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`).join('\n')}`);
  server = await serveSite({ dir: distDir, port: 0, log: () => undefined });
  port = new URL(server.url).port;
  browser = await chromium.launch({ executablePath, headless: true, args: LOCAL_ONLY_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

const local = (name: string, path: string) => `http://${name}:${port}${path}`;
const lang = (page: Page) => page.locator('html').getAttribute('lang');

/** Clicks a link and waits for the page it leads to (redirects followed); returns its response. */
async function follow(page: Page, link: ReturnType<Page['locator']>, url: string): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url() === url && r.request().isNavigationRequest()), link.click()]);
  await page.waitForURL(url, { waitUntil: 'domcontentloaded' });
  return response;
}

/** The switcher's link to a locale, after opening the switcher. */
async function switcherLink(page: Page, locale: string) {
  await page.locator('details.lang-switch summary').first().click();
  return page.locator(`details.lang-switch a[data-locale="${locale}"]`).first();
}

/** Every link of the page that names a production origin of the site's hosts. */
function productionLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('a[href], link[href]')]
    .map((a) => a.getAttribute('href')!)
    .filter((href) => /^https?:\/\/www\.polybrowser(-cn|-ru)?\.example(?![a-z0-9.-])/.test(href)));
}

describe('sitegen serve: clicking through the preview of every host', () => {
  it('main → a nav link → 中文 (zh host) → Русский (ru host) → English, every page local, 200 and in its language', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } });
    const page = await context.newPage();
    const navigations: Request[] = [];
    page.on('request', (request) => { if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request); });

    const home = await page.goto(local('localhost', '/'), { waitUntil: 'domcontentloaded' });
    expect(home!.status()).toBe(200);
    expect(await lang(page)).toBe('en');
    expect(await productionLinks(page)).toEqual([]);

    const nav = page.locator('nav.site-nav a', { hasText: 'About us' }).first();
    expect(await nav.getAttribute('href')).toBe(local('localhost', '/about-us'));
    const about = await follow(page, nav, local('localhost', '/about-us'));
    expect(about.status()).toBe(200);
    expect(await lang(page)).toBe('en');

    const zh = await follow(page, await switcherLink(page, 'zh'), local('zh.localhost', '/about-us'));
    expect(zh.status()).toBe(200);
    expect(await lang(page)).toBe('zh-CN');
    expect(await productionLinks(page)).toEqual([]);

    const ru = await follow(page, await switcherLink(page, 'ru'), local('ru.localhost', '/about-us'));
    expect(ru.status()).toBe(200);
    expect(await lang(page)).toBe('ru');
    expect(await productionLinks(page)).toEqual([]);

    // The English link carries the choice (?myLocale=en); the main host stores it and answers with
    // a redirect to the page without it, which has to stay local too.
    const english = await switcherLink(page, 'en');
    expect(await english.getAttribute('href')).toBe(local('localhost', '/about-us?myLocale=en'));
    const back = await follow(page, english, local('localhost', '/about-us'));
    expect(back.status()).toBe(200);
    expect(await lang(page)).toBe('en');
    const hop = back.request().redirectedFrom();
    expect(hop?.url()).toBe(local('localhost', '/about-us?myLocale=en'));
    expect((await hop!.response())!.status()).toBe(302);

    expect(navigations.map((r) => new URL(r.url()).host)).toEqual([
      `localhost:${port}`, `localhost:${port}`, `zh.localhost:${port}`, `ru.localhost:${port}`, `localhost:${port}`, `localhost:${port}`,
    ]);
    await context.close();
  });

  it('a Chinese browser at http://localhost:PORT/ is sent to the zh host\'s local name', async () => {
    const context = await browser!.newContext({ locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    const page = await context.newPage();
    const response = await page.goto(local('localhost', '/'), { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(local('zh.localhost', '/'));
    expect(response!.status()).toBe(200);
    expect(await lang(page)).toBe('zh-CN');
    await context.close();
  });
});
