import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, e2e, MOBILE, newPage, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();

/** A path that would run script if it became markup: it sets a global instead of showing a dialog. */
const HOSTILE = '/vn/%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E';
const HOSTILE_TEXT = '/vn/<img src=x onerror="window.__pwned=1">';

describe('the 404 page in Chromium', () => {
  it('names the path asked for as text, in the language of its prefix, and runs nothing from it', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    const response = await page.goto(siteUrl(HOSTILE));
    expect(response!.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await page.locator('[data-not-found-path] code').textContent()).toBe(HOSTILE_TEXT);
    expect(await page.locator('[data-not-found-path]').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    // The site's header and footer, and the sections to go on to.
    expect(await page.locator('header.site-header').isVisible()).toBe(true);
    expect(await page.locator('footer.site-footer').count()).toBe(1);
    expect(await page.locator('.not-found-links > li').count()).toBeGreaterThanOrEqual(6);
    // Nothing sticks out sideways on a phone, however long the path.
    const long = await page.goto(siteUrl(`/vn/${'a-very-long-path-segment-'.repeat(8)}end`));
    expect(long!.status()).toBe(404);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('offers "Go back" when there is a page to go back to, and it goes there', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing'));
    await page.goto(siteUrl('/no-such-page'));
    const back = page.locator('[data-go-back]');
    await expect.poll(() => back.isVisible()).toBe(true);
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });

  describe('served as a static host serves it: the one 404.html file for any unknown path', () => {
    const staticPage = () => readFileSync(join(e2e.distDir, 'www.polybrowser.example/vn/404.html'));

    it('shows the path from the address bar as text once the runtime runs', async () => {
      const { context, page } = await newPage(browser(), DESKTOP);
      await context.route(`${siteUrl('/vn/')}**`, (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: staticPage() }));
      await page.goto(siteUrl(HOSTILE));
      await expect.poll(() => page.locator('[data-not-found-path] code').textContent()).toBe(HOSTILE_TEXT);
      expect(await page.locator('[data-not-found-path]').isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
      await context.close();
    });

    it('shows no path without JavaScript, never the file\'s own', async () => {
      const { context, page } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
      await context.route(`${siteUrl('/vn/')}**`, (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: staticPage() }));
      await page.goto(siteUrl('/vn/nope'));
      expect(await page.locator('[data-not-found-path]').isVisible()).toBe(false);
      expect(await page.locator('[data-go-back]').isVisible()).toBe(false);
      expect(await page.locator('main').innerText()).not.toMatch(/\/error\/404|\/vn\/nope/);
      expect(await page.locator('h1').innerText()).toBe('Không tìm thấy trang');
      await context.close();
    });
  });
});
