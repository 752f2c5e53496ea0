import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { nodeSourceFs, type SourceFs } from '../../src/fs/source-fs.js';
import { serveSite, type RunningServer } from '../../src/serve/serve-site.js';
import { ROOT } from '../helpers/fixture.js';
import { reservePort } from '../helpers/local-servers.js';
import { withEditedSiteYaml } from './support/edited-site-yaml.js';
import { findChromium, LOCAL_ONLY_ARGS } from './support/find-chromium.js';

/**
 * Picking English in the language switcher on the zh or ru host must stick: the main host's root
 * detects the language from the myLocale cookie and Accept-Language, and used to send the visitor
 * straight back. The real sample site is built with its three hosts at main.localhost, zh.localhost
 * and ru.localhost on one port (Chromium resolves *.localhost to loopback itself), so every link
 * and redirect of the pages is followed for real, by `sitegen serve`'s server and its edge middleware.
 */

type HostKey = 'main' | 'zh' | 'ru';

let port = 0;
let distDir: string | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;

const origin = (host: HostKey) => `http://${host}.localhost:${port}`;
const url = (host: HostKey, path: string) => `${origin(host)}${path}`;

/** The real content with site.yaml's three host origins moved to *.localhost:<port>. */
function withLocalHosts(fs: SourceFs, at: number): SourceFs {
  return withEditedSiteYaml(fs, (yaml) => {
    const block = /^hosts:\n((?:[ \t]+.*\n)+)/m.exec(yaml);
    if (!block) throw new Error('content/site.yaml has no hosts: block');
    const hosts = block[1]!.replace(/^([ \t]+(main|zh|ru): ).*$/gm, (_, key: string, name: string) => `${key}http://${name}.localhost:${at}`);
    const changed = (hosts.match(/\.localhost:/g) ?? []).length;
    if (changed !== 3) throw new Error(`expected three host origins in content/site.yaml, replaced ${changed}`);
    return yaml.replace(block[0], `hosts:\n${hosts}`);
  });
}

beforeAll(async () => {
  // No Chromium is a failure, never a skip.
  const executablePath = findChromium();
  // The site is built for this port: it is held until the server binds it, so nothing takes it meanwhile.
  const reserved = await reservePort();
  port = reserved.port;
  distDir = mkdtempSync(join(tmpdir(), 'sitegen-cross-host-'));
  const result = await build({ root: ROOT, fs: withLocalHosts(nodeSourceFs(ROOT), port), outDir: distDir, write: true, minify: true }).catch(async (error: unknown) => {
    await reserved.release();
    throw error;
  });
  if (!result.ok) {
    await reserved.release();
    throw new Error(`the build with local hosts failed:\n${result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`).join('\n')}`);
  }
  await reserved.release();
  server = await serveSite({ dir: distDir, port, log: () => undefined });
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: LOCAL_ONLY_ARGS,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

const ENGLISH_BROWSER: BrowserContextOptions = { locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } };
const CHINESE_BROWSER: BrowserContextOptions = { locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } };

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every request the page made, redirect hops included, in order. */
  requests: Request[];
}

async function open(options: BrowserContextOptions): Promise<Visit> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return { context, page, requests };
}

/** A cookie set earlier on the main host, as a previous visit there would have left it. */
async function staleCookie(context: BrowserContext, value: string): Promise<void> {
  await context.addCookies([{ name: 'myLocale', value, url: origin('main'), sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 86400 }]);
}

async function cookieOn(context: BrowserContext, host: HostKey): Promise<string | undefined> {
  return (await context.cookies(origin(host))).find((c) => c.name === 'myLocale')?.value;
}

/** The redirects that led to a response, first hop first, with the status each answered. */
async function chainWithStatus(response: Response): Promise<{ url: string; status: number | undefined }[]> {
  const hops: Request[] = [];
  for (let r = response.request().redirectedFrom(); r; r = r.redirectedFrom()) hops.unshift(r);
  return Promise.all(hops.map(async (r) => ({ url: r.url(), status: (await r.response())?.status() })));
}

const lang = (page: Page) => page.locator('html').getAttribute('lang');

/**
 * Open the switcher and follow its English link to the main host: the link carries the choice, the
 * main host answers it with one 302 to the same page without it and stores it in its cookie.
 */
async function chooseEnglish(visit: Visit, expectedHref: string, expectedUrl: string): Promise<void> {
  const { page, requests } = visit;
  const link = page.locator('details.lang-switch a[data-locale="en"]').first();
  expect(await link.getAttribute('href')).toBe(expectedHref);
  await page.locator('details.lang-switch summary').first().click();
  await Promise.all([page.waitForURL(expectedUrl, { waitUntil: 'domcontentloaded' }), link.click()]);
  const hop = requests.find((r) => r.url() === expectedHref);
  expect(hop, `a request to ${expectedHref}`).toBeDefined();
  const answer = await hop!.response();
  expect(answer?.status()).toBe(302);
  expect(await answer!.headerValue('location')).toBe(new URL(expectedUrl).pathname);
  expect(await answer!.headerValue('set-cookie')).toBe('myLocale=en; Max-Age=31536000; Path=/; SameSite=Lax');
  debug(`${expectedHref} → ${answer!.status()} ${await answer!.headerValue('location')} (${await answer!.headerValue('set-cookie')}) → ${page.url()}`);
}

function debug(line: string): void {
  if (process.env.E2E_DEBUG) console.log(`[cross-host] ${line}`);
}

/** A later visit to the main host's root stays there, in English, without any redirect. */
async function rootStaysEnglish(page: Page): Promise<void> {
  const response = await page.goto(url('main', '/'), { waitUntil: 'domcontentloaded' });
  expect(response, 'the root answered').not.toBeNull();
  expect(response!.status()).toBe(200);
  expect(page.url()).toBe(url('main', '/'));
  expect(await chainWithStatus(response!)).toEqual([]);
  expect(await lang(page)).toBe('en');
}

describe('without a choice, the main host root still detects (what the choice has to beat)', () => {
  for (const [stale, to] of [['zh', 'zh'], ['ru', 'ru']] as const) {
    it(`a stale myLocale=${stale} cookie sends / to the ${to} host`, async () => {
      const { context, page } = await open(ENGLISH_BROWSER);
      await staleCookie(context, stale);
      const response = await page.goto(url('main', '/'), { waitUntil: 'domcontentloaded' });
      expect(page.url()).toBe(url(to, '/'));
      expect(await chainWithStatus(response!)).toEqual([{ url: url('main', '/'), status: 302 }]);
      await context.close();
    });
  }

  it('a zh-CN browser without a cookie is sent from / to the zh host', async () => {
    const { context, page } = await open(CHINESE_BROWSER);
    await page.goto(url('main', '/'), { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(url('zh', '/'));
    await context.close();
  });
});

describe('choosing English on the zh and ru hosts sticks on the main host', () => {
  // From /pricing with a stale cookie on the main host. With JavaScript the click also stores the
  // choice on the host the visitor leaves (client/locale-cookie.ts); without it no client code runs,
  // and the link and the edge alone carry the choice.
  it.each([
    { from: 'zh', javaScriptEnabled: true, lang: 'zh-CN', cookieLeft: 'en' },
    { from: 'ru', javaScriptEnabled: true, lang: 'ru', cookieLeft: 'en' },
    { from: 'zh', javaScriptEnabled: false, lang: 'zh-CN', cookieLeft: undefined },
  ] as const)('$from /pricing → English, with a stale myLocale=$from cookie on the main host (JavaScript: $javaScriptEnabled)', async ({ from, javaScriptEnabled, lang: before, cookieLeft }) => {
    const visit = await open({ ...ENGLISH_BROWSER, javaScriptEnabled });
    const { context, page } = visit;
    await staleCookie(context, from);
    await page.goto(url(from, '/pricing'), { waitUntil: 'domcontentloaded' });
    expect(await lang(page)).toBe(before);
    await chooseEnglish(visit, url('main', '/pricing?myLocale=en'), url('main', '/pricing'));
    expect(page.url()).toBe(url('main', '/pricing'));
    expect(await lang(page)).toBe('en');
    const cookie = (await context.cookies(origin('main'))).find((c) => c.name === 'myLocale')!;
    expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax', domain: 'main.localhost' });
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
    expect(await cookieOn(context, from)).toBe(cookieLeft);
    await rootStaysEnglish(page);
    expect(await cookieOn(context, 'main')).toBe('en');
    await context.close();
  });

  it('zh home → English, with a zh-CN browser and no cookie', async () => {
    const visit = await open(CHINESE_BROWSER);
    const { context, page } = visit;
    await page.goto(url('zh', '/'), { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(url('zh', '/'));
    await chooseEnglish(visit, url('main', '/?myLocale=en'), url('main', '/'));
    expect(page.url()).toBe(url('main', '/'));
    expect(await lang(page)).toBe('en');
    expect(await cookieOn(context, 'main')).toBe('en');
    await rootStaysEnglish(page);
    await context.close();
  });

  it('ru home → English, with a stale myLocale=ru cookie and a Russian browser', async () => {
    const visit = await open({ locale: 'ru-RU', extraHTTPHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' } });
    const { context, page } = visit;
    await staleCookie(context, 'ru');
    await page.goto(url('ru', '/'), { waitUntil: 'domcontentloaded' });
    await chooseEnglish(visit, url('main', '/?myLocale=en'), url('main', '/'));
    expect(await lang(page)).toBe('en');
    expect(await cookieOn(context, 'main')).toBe('en');
    await rootStaysEnglish(page);
    await context.close();
  });
});

describe('choosing English on the main host itself', () => {
  it('/vn → English without JavaScript, in a Vietnamese browser: the link to the root carries the choice', async () => {
    const visit = await open({ locale: 'vi-VN', extraHTTPHeaders: { 'Accept-Language': 'vi-VN,vi;q=0.9' }, javaScriptEnabled: false });
    const { context, page } = visit;
    await page.goto(url('main', '/vn'), { waitUntil: 'domcontentloaded' });
    expect(await lang(page)).toBe('vi');
    await chooseEnglish(visit, url('main', '/?myLocale=en'), url('main', '/'));
    expect(await lang(page)).toBe('en');
    expect(await cookieOn(context, 'main')).toBe('en');
    await rootStaysEnglish(page);
    await context.close();
  });
});

describe('typing /en', () => {
  it('on the main host, in a zh-CN browser without a cookie, ends on / in English after one redirect', async () => {
    const { context, page } = await open(CHINESE_BROWSER);
    const response = await page.goto(url('main', '/en'), { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(url('main', '/'));
    expect(response!.status()).toBe(200);
    expect(await chainWithStatus(response!)).toEqual([{ url: url('main', '/en'), status: 301 }]);
    expect(await lang(page)).toBe('en');
    expect(await cookieOn(context, 'main')).toBe('en');
    await rootStaysEnglish(page);
    await context.close();
  });

  it('on the zh host ends on the main host\'s / in English', async () => {
    const { context, page } = await open(CHINESE_BROWSER);
    const response = await page.goto(url('zh', '/en'), { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(url('main', '/'));
    expect(response!.status()).toBe(200);
    expect(await chainWithStatus(response!)).toEqual([
      { url: url('zh', '/en'), status: 301 },
      { url: url('main', '/?myLocale=en'), status: 302 },
    ]);
    expect(await lang(page)).toBe('en');
    expect(await cookieOn(context, 'main')).toBe('en');
    await rootStaysEnglish(page);
    await context.close();
  });
});

describe('a myLocale parameter that is not a locale code', () => {
  const LOCAL = /^http:\/\/(main|zh|ru)\.localhost:\d+\//;

  for (const [name, options, value] of [
    ['an English browser', ENGLISH_BROWSER, 'https://evil.example'],
    ['a zh-CN browser', CHINESE_BROWSER, 'https://evil.example'],
    ['an English browser, encoded', ENGLISH_BROWSER, 'https%3A%2F%2Fevil.example'],
    ['an English browser, scheme-relative', ENGLISH_BROWSER, '//evil.example/x'],
  ] as const) {
    it(`never leaves the site's hosts nor stores it (${name}, ${value})`, async () => {
      const { context, page, requests } = await open(options);
      const response = await page.goto(url('main', `/?myLocale=${value}`), { waitUntil: 'domcontentloaded' });
      expect(response).not.toBeNull();
      expect(response!.status()).toBe(200);
      expect(page.url()).toMatch(LOCAL);
      expect(page.url()).not.toContain('evil');
      const navigations = requests.filter((r) => r.isNavigationRequest()).map((r) => r.url());
      for (const visited of navigations) expect(visited, `navigation to ${visited}`).toMatch(LOCAL);
      expect(navigations.filter((u) => new URL(u).hostname.includes('evil'))).toEqual([]);
      const stored = (await context.cookies()).filter((c) => c.name === 'myLocale');
      debug(`/?myLocale=${value}: ${navigations.join(' → ')} → ${page.url()}; cookies ${JSON.stringify(stored.map((c) => `${c.domain}=${c.value}`))}`);
      for (const c of stored) expect(c.value, `${c.domain} cookie`).not.toContain('evil');
      await context.close();
    });
  }
});
