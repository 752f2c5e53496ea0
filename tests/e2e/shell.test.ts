import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { artifactPath, DESKTOP, fakeApi, MOBILE, newPage, screenshot, settle, siteUrl, stopClock, useBrowser } from './support/e2e.js';

const browser = useBrowser();

describe('back-to-top (spec §2)', () => {
  it('is hidden until one viewport has been scrolled, then shown at reduced opacity, and takes the visitor up', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/blog/how-to-manage-multiple-accounts'));
    const button = page.locator('.to-top');
    // The page has loaded and gone idle (the deferred chunk asks for the visitor's IP then): islands
    // that hydrate without an interaction have had their turn.
    await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
    expect(await button.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    // Hydrated at the first interaction (data-load="interaction"): the scroll itself.
    expect(await page.locator('[data-island="back-to-top"]').getAttribute('data-hydrated')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 50));
    await expect.poll(() => button.evaluate((el) => el.classList.contains('is-visible'))).toBe(true);
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.7');
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('QR consultation (spec §2)', () => {
  it('is on zh pages only, 234x282, and opens on hover on desktop', async () => {
    // 1366 px leaves a gutter beside the content, where the button is there from the first screen.
    const { context, page } = await newPage(browser(), { ...DESKTOP, viewport: { width: 1366, height: 900 } });
    await page.goto(siteUrl('/', 'zh'));
    const qr = page.locator('.qr-consult');
    await expect(qr.count()).resolves.toBe(1);
    const img = qr.locator('img');
    expect(await img.getAttribute('width')).toBe('234');
    expect(await img.getAttribute('height')).toBe('282');
    await page.locator('[data-island="qr-consult"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await img.isVisible()).toBe(false);
    await page.locator('.qr-button').hover();
    await expect.poll(() => img.isVisible()).toBe(true);
    for (const path of ['/', '/tc', '/vn/pricing']) {
      await page.goto(siteUrl(path));
      expect(await page.locator('.qr-consult').count(), path).toBe(0);
    }
    await context.close();
  });

  it('appears once a phone has scrolled one screen, toggles on tap and closes when the visitor scrolls', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await page.goto(siteUrl('/blog', 'zh'));
    await page.locator('[data-island="qr-consult"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const button = page.locator('.qr-button');
    // On the first screen it would cover the hero's buttons: it waits, as the back-to-top button does.
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 50));
    await expect.poll(() => button.isVisible()).toBe(true);
    const popup = page.locator('.qr-popup');
    await button.tap();
    await expect.poll(() => popup.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 300));
    await expect.poll(() => popup.isVisible()).toBe(false);
    await context.close();
  });
});

/** Whether the banner is on screen: it waits below the viewport (translateY) until shown. */
const onScreen = (banner: Locator) => banner.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight - 1);
const isAway = (banner: Locator) => banner.evaluate((el) => el.classList.contains('is-away'));

/** Spec §2: the banner appears 1 s after load (after it has hydrated), and returns 5 s after sliding away. */
const BANNER_DELAY_MS = 1000;
const BANNER_RETURN_MS = 5000;

/**
 * With the page's clock stopped: lets the page go idle so the banner hydrates, and waits until its
 * first effect has run (it puts `from` on the link and starts the 1 s delay then).
 */
async function bannerMounted(page: Page): Promise<Locator> {
  await page.clock.runFor(100);
  const banner = page.locator('.mobile-banner');
  await expect.poll(async () => new URL((await banner.locator('a').getAttribute('href'))!).searchParams.get('from')).toBe(page.url());
  return banner;
}

describe('mobile registration banner (spec §2)', () => {
  it('appears 1 s after load with the localised image and a registration link carrying from', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await stopClock(page);
    await page.goto(siteUrl('/vn/pricing?utm_source=x'));
    const banner = await bannerMounted(page);
    await page.clock.runFor(BANNER_DELAY_MS - 1);
    await settle(page);
    expect(await banner.evaluate((el) => el.classList.contains('is-shown'))).toBe(false);
    expect(await onScreen(banner)).toBe(false);
    await page.clock.runFor(1);
    await expect.poll(() => onScreen(banner)).toBe(true);
    expect(await banner.locator('img').getAttribute('src')).toBe('/images/banner/register-vn.svg');
    const href = new URL((await banner.locator('a').getAttribute('href'))!);
    expect(href.searchParams.get('from')).toBe(siteUrl('/vn/pricing?utm_source=x'));
    expect(href.searchParams.get('rel')).toBe('official_website');
    expect(href.searchParams.get('lang')).toBe('vn');
    await context.close();
  });

  it('uses the zh image for tc, and the English one for locales without their own', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    for (const [path, variant] of [['/tc', 'zh'], ['/fr', 'en'], ['/pt', 'pt']] as const) {
      await page.goto(siteUrl(path));
      expect(await page.locator('.mobile-banner img').getAttribute('src'), path).toBe(`/images/banner/register-${variant}.svg`);
    }
    await page.goto(siteUrl('/', 'ru'));
    expect(await page.locator('.mobile-banner img').getAttribute('src')).toBe('/images/banner/register-ru.svg');
    await context.close();
  });

  it('slides away on scroll down, comes back on scroll up, and its left part closes it', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await page.goto(siteUrl('/blog/how-to-manage-multiple-accounts'));
    const banner = page.locator('.mobile-banner');
    await expect.poll(() => onScreen(banner)).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 400));
    await expect.poll(() => isAway(banner)).toBe(true);
    await page.evaluate(() => window.scrollBy(0, -200));
    await expect.poll(() => isAway(banner)).toBe(false);
    await page.locator('.mobile-banner-close').tap();
    await expect.poll(() => onScreen(banner)).toBe(false);
    await context.close();
  });

  it('comes back by itself 5 s after sliding away', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await stopClock(page);
    await page.goto(siteUrl('/blog/how-to-manage-multiple-accounts'));
    const banner = await bannerMounted(page);
    await page.clock.runFor(BANNER_DELAY_MS);
    await expect.poll(() => onScreen(banner)).toBe(true);
    // The scroll event comes with the next frame: waited for (its listeners run in the order they
    // were added, the banner's first), it has started the banner's 200 ms throttle.
    await page.evaluate(() => new Promise<void>((resolve) => {
      window.addEventListener('scroll', () => resolve(), { once: true });
      window.scrollBy(0, 400);
    }));
    await page.clock.runFor(200);
    await expect.poll(() => isAway(banner)).toBe(true);
    await settle(page); // the effect that starts the 5 s has run
    await page.clock.runFor(BANNER_RETURN_MS - 1);
    await settle(page);
    expect(await isAway(banner)).toBe(true);
    await page.clock.runFor(1);
    await expect.poll(() => isAway(banner)).toBe(false);
    await context.close();
  });

  it('is never shown on desktop', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await stopClock(page);
    await page.goto(siteUrl('/pricing'));
    // Idle: the deferred chunk has started, and islands that hydrate when idle have had their turn.
    await page.clock.runFor(100);
    await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
    await page.clock.runFor(BANNER_DELAY_MS + 1000);
    await settle(page);
    expect(await page.locator('[data-island="mobile-banner"]').getAttribute('data-hydrated')).toBeNull();
    expect(await page.locator('.mobile-banner').isVisible()).toBe(false);
    await context.close();
  });
});

describe('tooltips (spec §2)', () => {
  it('show on hover on desktop and on tap on mobile', async () => {
    const desktop = await newPage(browser(), DESKTOP);
    await desktop.page.goto(siteUrl('/pricing'));
    const tip = desktop.page.locator('#hint-profiles-base');
    expect(await tip.isVisible()).toBe(false);
    await desktop.page.locator('[aria-describedby="hint-profiles-base"]').hover();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(17, 20, 39)');
    await desktop.context.close();

    const mobile = await newPage(browser(), MOBILE);
    await mobile.page.goto(siteUrl('/pricing'));
    const trigger = mobile.page.locator('[aria-describedby="hint-members-team"]');
    await trigger.scrollIntoViewIfNeeded();
    await mobile.page.locator('[data-island="tooltip"][data-hydrated="true"]').first().waitFor({ state: 'attached' });
    await trigger.tap();
    await expect.poll(() => mobile.page.locator('#hint-members-team').isVisible()).toBe(true);
    await mobile.context.close();
  });
});

describe('language switcher (spec §2, §9)', () => {
  it('stores the chosen locale in myLocale for 365 days, path /, SameSite=Lax', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing'));
    await page.locator('.lang-switch summary').click();
    const before = Date.now() / 1000;
    await Promise.all([page.waitForURL(/\/fr\/pricing$/), page.locator('.lang-list a[data-locale="fr"]').click()]);
    const cookie = (await context.cookies()).find((c) => c.name === 'myLocale');
    expect(cookie?.value).toBe('fr');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires - before).toBeGreaterThan(364 * 86400);
    expect(cookie!.expires - before).toBeLessThan(366 * 86400);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('every page type is fully readable', async () => {
    const { context, page } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
    for (const path of ['/', '/pricing', '/blog/how-to-manage-multiple-accounts', '/download', '/vn/faq']) {
      await page.goto(siteUrl(path));
      const h1 = page.locator('h1').first();
      expect(await h1.isVisible(), path).toBe(true);
      expect((await h1.textContent())?.trim().length, path).toBeGreaterThan(3);
      expect(await page.locator('main').evaluate((el) => (el as HTMLElement).innerText.length), path).toBeGreaterThan(200);
    }
    await page.goto(siteUrl('/pricing'));
    expect(await page.locator('.price-amount').first().isVisible()).toBe(true);
    await page.goto(siteUrl('/download'));
    expect(await page.locator('a[data-download-system="com_win64"]').getAttribute('href')).toMatch(/^https:\/\/download\./);
    await context.close();
  });
});

describe('screenshots', () => {
  it('of the home page on desktop and mobile are kept as artifacts', async () => {
    for (const [name, options] of [['home-desktop.png', DESKTOP], ['home-mobile.png', MOBILE]] as const) {
      const { context, page } = await newPage(browser(), options);
      await stopClock(page);
      await page.goto(siteUrl('/'));
      if (options === MOBILE) {
        // With the banner shown and its slide finished.
        const banner = await bannerMounted(page);
        await page.clock.runFor(BANNER_DELAY_MS);
        await expect.poll(() => banner.evaluate((el) => el.classList.contains('is-shown') && el.getAnimations().length === 0)).toBe(true);
      }
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const png = await screenshot(page, { path: artifactPath(name) });
      expect(png.byteLength).toBeGreaterThan(10_000);
      await context.close();
    }
  });
});
