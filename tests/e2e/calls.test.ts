import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, e2e, fakeApi, MOBILE, newPage, settle, siteUrl, stopClock, useBrowser } from './support/e2e.js';

const browser = useBrowser();

// Spec §2, §9: one-tap starts 3 s after load; the loading bar shows once a call has lasted 200 ms, 3 px high.
const ONE_TAP_DELAY_MS = 3000;
const LOADING_THROTTLE_MS = 200;
/** How often the credential picker is raised (client/constants.ts), and how high. */
const PICKER_POLL_MS = 500;
const PICKER_Z_INDEX = '1000000000';

/** Answers an outside address with a small page, so a navigation there can be observed. */
async function answerOutside(page: Page, pattern: RegExp): Promise<void> {
  await page.context().route(pattern, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>outside</title>' }));
}

describe('download button (spec §7)', () => {
  it('asks for the latest version of its system and goes to data.url', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/download'));
    await Promise.all([page.waitForURL(`${fakeApi.url}/files/PolyBrowser-com_win64.html`), page.locator('a[data-download-system="com_win64"]').click()]);
    const [call] = await fakeApi.requests('/client/sys-client-version/get-latest-version');
    expect(call!.query).toEqual({ system: 'com_win64' });
    await context.close();
  });

  it('falls back to the static link when the API answers with a javascript: URL or an error', async () => {
    for (const download of ['hostile', 'error'] as const) {
      const { context, page } = await newPage(browser(), DESKTOP);
      await answerOutside(page, /^https:\/\/download\.polybrowser\.example\//);
      await fakeApi.set({ download });
      await page.goto(siteUrl('/download'));
      await Promise.all([page.waitForURL('https://download.polybrowser.example/latest/PolyBrowser-arm64.dmg'), page.locator('a[data-download-system="com_arm64"]').click()]);
      await context.close();
    }
  });

  it('shows the 3 px loading bar while a slow call runs, and goes on when it answers', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    // The page's clock stands still unless the test moves it; the API call is held until released.
    await stopClock(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route((url) => url.pathname === '/client/sys-client-version/get-latest-version', async (route) => {
      held = true;
      await released;
      await route.fallback().catch(() => undefined);
    });
    await page.goto(siteUrl('/download'));
    await page.locator('a[data-download-system="com_mac"]').click();
    await expect.poll(() => held).toBe(true);
    // The bar is for slow calls: it is due once the call has lasted the throttle (the unit tests of
    // client/widgets/loading.ts check that it is not shown a millisecond earlier).
    await page.clock.runFor(LOADING_THROTTLE_MS);
    const bar = page.locator('.loading-bar');
    await bar.waitFor({ state: 'attached' });
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('3px');
    release();
    await page.waitForURL(`${fakeApi.url}/files/PolyBrowser-com_mac.html`);
    await context.close();
  });
});

describe('one-tap sign-in (spec §2, §7, §8)', () => {
  it('loads 3 s after the page has loaded and gone idle; a rejected login shows the localised failure toast', async () => {
    for (const [host, message] of [['main', 'Registration failed!'], ['zh', null]] as const) {
      await fakeApi.reset();
      await fakeApi.set({ oneTap: 'credential', loginCode: 1 });
      const { context, page } = await newPage(browser(), DESKTOP);
      // The page's clock stands still unless the test moves it (requestIdleCallback included).
      await stopClock(page);
      await page.goto(siteUrl('/pricing', host));
      // The script's address is the one site.yaml names (the global setup's fake API).
      const oneTapScript = page.locator(`script[src="${e2e.apiUrl}/gsi/client"]`);
      // The page is idle: the deferred chunk starts; its first call (the visitor's IP) shows it has
      // run, and one-tap's delay started with it.
      await page.clock.runFor(100);
      await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
      await page.clock.runFor(ONE_TAP_DELAY_MS - 1);
      expect(await oneTapScript.count()).toBe(0);
      await page.clock.runFor(1);
      await oneTapScript.waitFor({ state: 'attached' });
      await fakeApi.waitFor('/gsi/client');
      // The stand-in prompts at once and answers with a credential 10 ms later.
      await page.locator('#credential_picker_container').waitFor({ state: 'attached' });
      await page.clock.runFor(PICKER_POLL_MS);
      const [login] = await fakeApi.waitFor('/sys/user/passport/authorized-login');
      expect(login!.form).toMatchObject({ third_party: 'google', regParam: 'google-jwt', language: host === 'zh' ? 'zh-CN' : 'en-US' });
      const toast = page.locator('.toast-error .toast-message');
      await toast.waitFor();
      const text = await toast.textContent();
      if (message) expect(text).toBe(message);
      else expect(text).toMatch(/[\u4e00-\u9fff]/);
      // The picker is kept on top while it shows.
      expect(await page.locator('#credential_picker_container').evaluate((el) => (el as HTMLElement).style.zIndex)).toBe(PICKER_Z_INDEX);
      await context.close();
    }
  });

  it('a successful login goes to the app with the token as t', async () => {
    await fakeApi.set({ oneTap: 'credential', loginCode: 0 });
    const { context, page } = await newPage(browser(), DESKTOP);
    await answerOutside(page, /^https:\/\/app\.polybrowser\.example\//);
    await stopClock(page);
    await page.goto(siteUrl('/pricing'));
    await page.clock.runFor(100);
    await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
    await page.clock.runFor(ONE_TAP_DELAY_MS);
    await page.locator('#credential_picker_container').waitFor({ state: 'attached' });
    await page.clock.runFor(PICKER_POLL_MS);
    await page.waitForURL(/^https:\/\/app\.polybrowser\.example\/.*[?&]t=tok-123/);
    await context.close();
  });
});

describe('chat (spec §4, §7)', () => {
  it('loads the configured chat directly and moves the floating buttons 5 px above it', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/blog/how-to-manage-multiple-accounts'));
    const [config] = await fakeApi.waitFor('/sys/config/register-chat/get-chat-type-config');
    expect(config!.query).toEqual({ lang: 'en', type: 'www' });
    await fakeApi.waitFor('/chat/ss.js');
    expect(await fakeApi.requests('/third/chat/choose')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    const gap = async () => page.evaluate(() => {
      const chat = document.getElementById('chat-widget-frame')!.getBoundingClientRect();
      const button = document.querySelector('.to-top')!.getBoundingClientRect();
      return chat.top - button.bottom;
    });
    await expect.poll(gap).toBeGreaterThanOrEqual(5);
    await context.close();
  });

  it('asks the server to choose when open_chat is 1, and loads the default chat when the config call fails', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing'));
    await page.evaluate(() => localStorage.setItem('open_chat', '1'));
    await fakeApi.reset();
    await fakeApi.set({ chatChoose: 'easemob' });
    await page.reload();
    const [choose] = await fakeApi.waitFor('/third/chat/choose');
    expect(choose!.query).toEqual({ ip: '203.0.113.7', lang: 'en' });
    await fakeApi.waitFor('/chat/easemob.js');

    await fakeApi.set({ chat: 'fail' });
    await page.reload();
    await fakeApi.waitFor('/chat/widget.js');

    await fakeApi.set({ chat: 'SS_ROBOT' });
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('open_chat'))).toBe('0');
    await context.close();
  });
});

describe('home base info (spec §7)', () => {
  it('is asked for on the home page and injects only script-src statistics', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/vn'));
    const [call] = await fakeApi.waitFor('/home/base-info');
    expect(call!.query).toEqual({ lang: 'vn', type: 'home' });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __stats?: number }).__stats)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
    await context.close();
  });
});

describe('new builds and failed chunks (spec §4, §8)', () => {
  it('reloads the page when /builds/latest.json names a newer build', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await page.clock.install();
    await page.goto(siteUrl('/pricing'));
    await page.route('**/builds/latest.json', (route) => route.fulfill({ contentType: 'application/json', body: '{"buildId":"newer"}' }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.clock.runFor(5 * 60 * 1000 + 1000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => loads).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('a chunk that fails to load reloads once, then shows the error screen instead of looping', async () => {
    // The UI chunk (the runtime and every island) loads on phones when the page is idle; the error screen is plain DOM in the entry.
    const { context, page } = await newPage(browser(), MOBILE);
    await page.route(/\/assets\/chunks\/ui-[^/]+\.js$/, (route) => route.abort());
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    // Stopped, the page clock also keeps the two failures well within the guard's 10 s on a busy machine.
    await stopClock(page);
    await page.goto(siteUrl('/pricing'));
    await page.clock.runFor(100);
    await expect.poll(() => navigations).toBe(2);
    await page.waitForLoadState('load');
    await page.clock.runFor(100);
    await page.locator('#sitegen-fatal [data-error-screen]').waitFor();
    expect(navigations).toBe(2);
    expect(await page.locator('#sitegen-fatal h2').textContent()).toBe('Something went wrong on our side.');
    // Spec §2/§8: the screen counts down from 5 s, then goes to the back target (the blog), as the 502 page does.
    for (const shown of ['5', '4', '3', '2', '1']) {
      await expect.poll(() => page.locator('#sitegen-fatal [data-countdown]').textContent()).toBe(shown);
      expect(new URL(page.url()).pathname).toBe('/pricing');
      await page.clock.runFor(1000);
    }
    await page.waitForURL((url) => url.pathname === '/blog');
    await context.close();
  });
});

describe('the 502 screen (spec §2, §8)', () => {
  it('counts down from 5 s and goes to the localised blog, or the site root for ru', async () => {
    for (const [host, path, target] of [['main', '/vn/error/502', '/vn/blog'], ['ru', '/error/502', '/']] as const) {
      const { context, page } = await newPage(browser(), DESKTOP);
      // Stopped: each second passes only when the test moves the clock, however slow the page is.
      await stopClock(page);
      await page.goto(siteUrl(path, host));
      await page.clock.runFor(100);
      await page.locator('[data-island="error-screen"][data-hydrated="true"]').waitFor({ state: 'attached' });
      // Each second is a re-render, and the effect that starts the next second runs after it.
      for (const shown of ['5', '4', '3', '2', '1']) {
        await expect.poll(() => page.locator('[data-countdown]').textContent()).toBe(shown);
        await settle(page);
        expect(page.url()).not.toMatch(new RegExp(`${target}$`));
        await page.clock.runFor(1000);
      }
      await page.waitForURL((url) => url.pathname === target);
      await context.close();
    }
  });
});
