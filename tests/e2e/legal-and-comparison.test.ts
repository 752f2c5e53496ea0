import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactPath, DESKTOP, fakeApi, newPage, screenshot, siteUrl, useBrowser } from './support/e2e.js';

/**
 * Issue 20 in real Chromium: the consent banner links the cookie policy of its language; the
 * comparison, cookie and use-case tables and the footer's legal line never make a phone's page
 * wider than its screen (a wide table scrolls inside its own box).
 */
const browser = useBrowser();

const phone = (width: number): BrowserContextOptions => ({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true, locale: 'en-US' });

describe('the consent banner', () => {
  it('links the cookie policy of the page language, and the link leads there', async () => {
    await fakeApi.set({ country: 'FR' });
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/fr/pricing'));
    const banner = page.locator('.consent-banner');
    await banner.waitFor();
    const link = banner.getByRole('link');
    expect(await link.textContent()).toBe('Lire notre politique relative aux cookies');
    // sitegen serve rewrites the site's own origins to the local one: the path is what the banner chose.
    expect(new URL((await link.getAttribute('href'))!, page.url()).pathname).toBe('/fr/cookie-policy');
    await Promise.all([page.waitForURL('**/fr/cookie-policy'), link.click()]);
    expect(await page.locator('h1').textContent()).toBe('Politique relative aux cookies');
    expect(await page.locator('main table tbody tr').count()).toBeGreaterThanOrEqual(5);
    await context.close();
  });
});

describe('tables and the footer on phones', () => {
  const pages: [string, string][] = [
    ['/alternatives/gologin', '.comparison-scroll'],
    ['/uk/alternatives/multilogin', '.comparison-scroll'],
    ['/th/alternatives/dolphin-anty', '.comparison-scroll'],
    ['/hi/alternatives/incogniton', '.comparison-scroll'],
    ['/ko/alternatives/octo-browser', '.comparison-scroll'],
    ['/cookie-policy', '.legal-table-scroll'],
    ['/vn/cookie-policy', '.legal-table-scroll'],
    ['/es/use-cases/traffic', '.ps-features'],
  ];

  for (const width of [320, 375]) {
    it(`keep the page within ${width} px, scrolling a wide table inside its own box`, async () => {
      const { context, page } = await newPage(browser(), phone(width));
      for (const [path, box] of pages) {
        await page.goto(siteUrl(path));
        const sizes = await page.evaluate((selector) => {
          const el = document.querySelector(selector)!;
          const rect = el.getBoundingClientRect();
          return { page: document.documentElement.scrollWidth, viewport: window.innerWidth, left: rect.left, right: rect.right, scroll: el.scrollWidth, client: el.clientWidth, overflowX: getComputedStyle(el).overflowX };
        }, box);
        expect(sizes.page, `${path} at ${width}`).toBeLessThanOrEqual(sizes.viewport);
        expect(sizes.left, `${path} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(sizes.right, `${path} at ${width}`).toBeLessThanOrEqual(sizes.viewport);
        // A table wider than its box is scrolled there, not cut off.
        if (sizes.scroll > sizes.client) expect(sizes.overflowX, `${path} at ${width}`).toBe('auto');
        const legal = page.locator('footer .footer-line a');
        expect(await legal.count(), path).toBe(3);
        for (const a of await legal.all()) {
          const r = (await a.boundingBox())!;
          expect(r.x + r.width, `${path} footer link at ${width}`).toBeLessThanOrEqual(width);
        }
        await screenshot(page, { path: artifactPath(`issue20-${path.slice(1).replaceAll('/', '-')}-${width}.png`), fullPage: true });
      }
      await context.close();
    });
  }
});
