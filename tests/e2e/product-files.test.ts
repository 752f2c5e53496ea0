import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();
const HOSTS = [['main', '/pricing', 'en'], ['zh', '/pricing', 'zh-CN'], ['ru', '/pricing', 'ru']] as const;

describe('the web app manifest and icons, as Chromium reads them', () => {
  it.each(HOSTS)('%s: the manifest a page links parses without errors, in the host\'s language, and each icon decodes at its size', async (host, path, lang) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl(path, host));
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/site.webmanifest');
    const data = JSON.parse(manifest.data!) as { name: string; lang: string; start_url: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect([data.name, data.lang, data.start_url]).toEqual(['PolyBrowser', lang, '/']);
    expect(data.icons.map((i) => i.purpose)).toEqual(expect.arrayContaining(['any', 'maskable']));
    // The page's own theme colour is the manifest's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(data.theme_color);
    const head = await page.evaluate(() => [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((l) => ({ href: (l as HTMLLinkElement).href, sizes: l.getAttribute('sizes') })));
    const icons = [...data.icons.filter((i) => i.sizes !== 'any').map((i) => ({ href: new URL(i.src, manifest.url).href, size: Number(i.sizes.split('x')[0]) })),
      ...head.filter((l) => l.sizes === '32x32').map((l) => ({ href: l.href, size: 32 })),
      ...head.filter((l) => /apple-touch-icon/.test(l.href)).map((l) => ({ href: l.href, size: 180 }))];
    expect(icons.length).toBeGreaterThanOrEqual(5);
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, icon.href);
      expect(size, icon.href).toEqual([icon.size, icon.size]);
    }
    await context.close();
  });
});

describe('feeds, as Chromium finds and reads them', () => {
  it.each([['main', '/vn/blog'], ['zh', '/news'], ['ru', '/release']] as const)('%s %s: each feed the page links loads with its type and parses (XML by Chromium\'s parser, JSON)', async (host, path) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl(path, host));
    const feeds = await page.evaluate(async () => Promise.all([...document.querySelectorAll('link[rel="alternate"][type]')].map(async (link) => {
      const response = await fetch((link as HTMLLinkElement).href.replace(/^https:\/\/[^/]+/, ''));
      const body = await response.text();
      const xml = /xml/.test(link.getAttribute('type')!) ? new DOMParser().parseFromString(body, 'application/xml') : undefined;
      return {
        type: link.getAttribute('type'),
        status: response.status,
        served: response.headers.get('content-type'),
        root: xml ? (xml.querySelector('parsererror') ? 'parsererror' : xml.documentElement.localName) : (JSON.parse(body) as { version: string }).version,
      };
    })));
    expect(feeds).toEqual([
      { type: 'application/rss+xml', status: 200, served: 'application/rss+xml; charset=utf-8', root: 'rss' },
      { type: 'application/atom+xml', status: 200, served: 'application/atom+xml; charset=utf-8', root: 'feed' },
      { type: 'application/feed+json', status: 200, served: 'application/json; charset=utf-8', root: 'https://jsonfeed.org/version/1.1' },
    ]);
    await context.close();
  });
});

describe('security.txt', () => {
  it.each(HOSTS)('%s: is served as UTF-8 text, with its Canonical on that host, not redirected', async (host, path) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl(path, host));
    // Fetched by the page (the *.localhost hosts resolve in Chromium, not in Node).
    const { status, type, redirected, text } = await page.evaluate(async () => {
      const response = await fetch('/.well-known/security.txt');
      return { status: response.status, type: response.headers.get('content-type'), redirected: response.redirected, text: await response.text() };
    });
    expect([status, type, redirected]).toEqual([200, 'text/plain; charset=utf-8', false]);
    expect(text).toMatch(/^Contact: mailto:\S+$/m);
    expect(text).toMatch(/^Expires: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/m);
    // sitegen serve, reached by a local name, gives the hosts' addresses as that name (preview-origins.ts).
    expect(/^Canonical: (\S+)$/m.exec(text)?.[1]).toBe(siteUrl('/.well-known/security.txt', host));
    await context.close();
  });
});
