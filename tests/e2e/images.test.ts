import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();
const ARTICLE = '/news/polybrowser-joins-ecommerce-summit';
// By its alt text: the src changes when the placeholder is shown.
const image = 'img[alt="The PolyBrowser presentation on the main stage of the e-commerce summit"]';

describe('images (spec §9: avif and webp at 1x and 2x)', () => {
  it('loads the avif variant that matches the screen density, in a box that does not move', async () => {
    for (const [options, density] of [[DESKTOP, 1], [MOBILE, 2]] as const) {
      const { context, page } = await newPage(browser(), options);
      await page.goto(siteUrl(ARTICLE));
      const img = page.locator(image);
      const before = await img.boundingBox();
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(new RegExp(`^/assets/images/ecommerce-summit-[0-9a-f]{10}@${density}x\\.avif$`));
      // naturalWidth is in CSS pixels: the 2x file's 1600 pixels count as 800.
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(800);
      const after = await img.boundingBox();
      expect(after!.height).toBeCloseTo(before!.height, 0);
      expect(after!.width / after!.height).toBeCloseTo(800 / 450, 2);
      await context.close();
    }
  });

  it('shows a placeholder in the same box when an image fails to load (spec §8)', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.route(/\/(assets\/images\/ecommerce-summit-|images\/news\/)/, (route) => route.abort());
    await page.goto(siteUrl(ARTICLE));
    const img = page.locator(image);
    const laidOut = await img.boundingBox();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.getAttribute('data-failed')).toBe('');
    expect(await img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const shown = await img.boundingBox();
    expect(shown!.width).toBeCloseTo(laidOut!.width, 0);
    expect(shown!.height).toBeCloseTo(laidOut!.height, 0);
    await context.close();
  });
});
