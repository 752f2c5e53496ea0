import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../src/serve/content-types.js';
import { e2e, DESKTOP, framesRendered, localUrl, MOBILE, newPage, useBrowser } from './support/e2e.js';
import { layoutShifts, observeLayoutShifts } from './support/layout-shifts.js';

const browser = useBrowser();

/**
 * A page's HTML in two pieces, as a slow network or a slow phone's parser hands it over: for the
 * path held, the server sends the document's first `at` bytes, and the rest once the test releases
 * it (after it has seen the browser render the first piece). Everything else of the main host is
 * served as built.
 */
function serveInTwoPieces(hostDir: string): { start(): Promise<string>; stop(): Promise<void>; hold(path: string, at: number): void; release(): void } {
  let held: { path: string; at: number } | undefined;
  let release: () => void = () => {};
  let server: Server | undefined;
  return {
    async start() {
      server = createServer((req, res) => {
        void (async () => {
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          const file = join(hostDir, extname(path) ? path : `${path === '/' ? '/index' : path}.html`);
          const body = await readFile(file).catch(() => undefined);
          if (!body) return void res.writeHead(404).end();
          res.writeHead(200, { 'content-type': contentTypeOf(file), 'cache-control': 'no-store' });
          if (held?.path !== path) return void res.end(body);
          res.write(body.subarray(0, held.at));
          await new Promise<void>((resolve) => (release = resolve));
          res.end(body.subarray(held.at));
        })();
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    },
    async stop() {
      release();
      await new Promise((resolve) => server?.close(resolve));
    },
    hold(path, at) {
      held = { path, at };
    },
    release: () => release(),
  };
}

describe('a page whose HTML arrives in pieces does not shift when the rest arrives', () => {
  const hostDir = join(e2e.distDir, 'www.polybrowser.example');
  const server = serveInTwoPieces(hostDir);
  let origin = '';
  beforeAll(async () => {
    origin = await server.start();
  });
  afterAll(() => server.stop());

  // Cut where the header's right end (language switcher, log-in and register) and the pricing
  // page's currency switch are half there: both moved what was painted before them (CI, 2026-11-28).
  const cases = [
    { name: 'desktop, header cut before its log-in button', device: DESKTOP, path: '/th', seen: '.header-actions', cut: (html: string) => html.indexOf('<a class="btn btn-ghost"') },
    { name: 'desktop, pricing cut inside the currency switch', device: DESKTOP, path: '/th/pricing', seen: '.currency-switch', cut: (html: string) => html.indexOf('<label', html.indexOf('currency-switch') + 200) },
    { name: 'phone, pricing cut inside the currency switch', device: MOBILE, path: '/th/pricing', seen: '.currency-switch', cut: (html: string) => html.indexOf('<label', html.indexOf('currency-switch') + 200) },
  ];

  it.each(cases)('$name', async ({ device, path, seen, cut }) => {
    const { context, page } = await newPage(browser(), device);
    try {
      await page.addInitScript(observeLayoutShifts);
      const html = await readFile(join(hostDir, `${path}.html`), 'utf8');
      const position = cut(html);
      expect(position, `no place to cut ${path}: its markup changed`).toBeGreaterThan(html.indexOf('<body'));
      server.hold(path, Buffer.byteLength(html.slice(0, position)));
      await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
      // The first piece is parsed and three frames of it are rendered before the rest comes.
      await page.waitForFunction((selector) => document.querySelector(selector) !== null, seen, { polling: 'raf' });
      await framesRendered(page, 3);
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      server.release();
      await page.waitForLoadState('load');
      await framesRendered(page, 2);
      const { cls, moved } = await layoutShifts(page);
      expect(cls, moved.join('\n')).toBe(0);
      expect(await page.locator('main h1').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('every layout is shown once parsed', () => {
  it.each([
    ['a page', 'https://www.polybrowser.example/th/pricing', 'main h1'],
    ['the error page', 'https://www.polybrowser.example/error/502', 'main'],
    ['the icon sheet', 'https://www.polybrowser.example/_icons', 'main svg'],
    ['the not-found page', 'https://www.polybrowser.example/th/no-such-page', 'main h1'],
  ])('%s', async (_name, url, selector) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await page.goto(localUrl(url), { waitUntil: 'load' });
      expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe('visible');
      expect(await page.locator(selector).first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
