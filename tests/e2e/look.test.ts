import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { artifactPath, newPage, screenshot, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' };
const LOCALES = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'] as const;
/** A locale's home page: en, zh and ru at the root of their hosts, the others under their prefix. */
const homeOf = (l: string) => (l === 'zh' || l === 'ru' ? siteUrl('/', l) : siteUrl(l === 'en' ? '/' : `/${l}`));

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, selector: string): Promise<Box> => (await page.locator(selector).first().boundingBox())!;

describe('the product look in Chromium', () => {
  it('shows the hero illustration on a 375 px phone: loaded, whole and inside the screen', async () => {
    for (const l of ['en', 'zh', 'th', 'ru'] as const) {
      const { context, page } = await newPage(browser(), PHONE);
      await page.goto(homeOf(l));
      const list = page.locator('.hero-art img').first();
      // In the middle of the screen, clear of the sticky header and of the bars that rise from the bottom.
      await list.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expect.poll(() => list.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: l }).toBe(true);
      expect(await list.isVisible(), l).toBe(true);
      const box = (await list.boundingBox())!;
      expect(box.x, l).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, l).toBeLessThanOrEqual(375);
      expect(box.width, l).toBeGreaterThan(300);
      expect(box.width / box.height, l).toBeCloseTo(560 / 400, 2);
      // What is drawn at the picture's middle is the picture itself: nothing of the page lies over it.
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('src'), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      expect(hit, l).toBe('/images/illustrations/profiles.svg');
      // The settings panel that floats over it on wide screens is not shown on a phone.
      expect(await page.locator('.hero-art img').nth(1).isVisible(), l).toBe(false);
      const png = await screenshot(page, { path: artifactPath(`look-hero-375-${l}.png`) });
      expect(png.byteLength).toBeGreaterThan(10_000);
      await context.close();
    }
  });

  it('puts Pricing and Download in the header at 992 and 1366 px in every locale, clear of the brand and the buttons', async () => {
    for (const width of [992, 1366]) {
      const { context, page } = await newPage(browser(), { viewport: { width, height: 800 }, locale: 'en-US' });
      for (const l of LOCALES) {
        await page.goto(homeOf(l));
        const [brand, product, actions] = [await boxOf(page, '.brand'), await boxOf(page, '.nav-product'), await boxOf(page, '.header-actions')];
        const where = `${l} at ${width} px`;
        expect(await page.locator('.nav-product a').evaluateAll((links) => links.every((a) => (a as HTMLElement).offsetWidth > 0)), where).toBe(true);
        expect(brand.x + brand.width, where).toBeLessThanOrEqual(product.x);
        expect(product.x + product.width, where).toBeLessThanOrEqual(actions.x);
        // On the header's top row, beside the buttons.
        expect(Math.abs(product.y + product.height / 2 - (actions.y + actions.height / 2)), where).toBeLessThan(2);
      }
      await screenshot(page, { path: artifactPath(`look-header-${width}.png`), clip: { x: 0, y: 0, width, height: 120 } });
      await context.close();
    }
  });

  it('lists Pricing and Download in the phone menu', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto(siteUrl('/jp'));
    await page.locator('.menu-toggle').tap();
    const links = page.locator('#site-menu .nav-product a');
    await expect.poll(() => links.first().isVisible()).toBe(true);
    expect(await links.allTextContents()).toEqual(['料金プラン', 'ダウンロード']);
    await context.close();
  });

  it('shows the registration banner\'s words as text of the page\'s language over its artwork', async () => {
    for (const [l, words] of [['ko', 'PolyBrowser 가입하기'], ['tc', '註冊 PolyBrowser'], ['uk', 'Зареєструйтеся в PolyBrowser']] as const) {
      const { context, page } = await newPage(browser(), PHONE);
      await page.goto(homeOf(l));
      const banner = page.locator('.mobile-banner');
      await expect.poll(() => banner.evaluate((el) => el.classList.contains('is-shown') && el.getAnimations().length === 0), { message: l }).toBe(true);
      const title = banner.locator('.mobile-banner-text strong');
      expect(await title.textContent(), l).toBe(words);
      const [box, text, cta] = [(await banner.boundingBox())!, (await title.boundingBox())!, (await banner.locator('.mobile-banner-cta').boundingBox())!];
      // The words and the button lie on the artwork, inside the screen, side by side.
      expect(text.x + text.width, l).toBeLessThanOrEqual(cta.x);
      expect(cta.x + cta.width, l).toBeLessThanOrEqual(375);
      expect(text.y, l).toBeGreaterThanOrEqual(box.y);
      expect(await banner.locator('img').evaluate((el: HTMLImageElement) => el.getBoundingClientRect().height), l).toBeCloseTo(box.height, 0);
      await screenshot(page, { path: artifactPath(`look-banner-375-${l}.png`) });
      await context.close();
    }
  });
});
