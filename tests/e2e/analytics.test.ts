import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decryptBatch } from '../../client/analytics/beacon-codec.js';
import type { AnalyticsEvent } from '../../client/analytics/events.js';
import { ROOT } from '../helpers/fixture.js';
import { DESKTOP, fakeApi, newPage, siteUrl, stopClock, useBrowser } from './support/e2e.js';

const KEY = (parse(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8')) as { analytics: { beaconKey: string } }).analytics.beaconKey;
/**
 * The fingerprint is collected 5 s after tracking starts, when the browser is idle (requestIdleCallback
 * with a 10 s time-out): past this much page time it has been started (client/constants.ts).
 */
const FINGERPRINT_DUE_MS = 5000 + 10_000;
/** With the page's clock stopped, the idle callback after the 5 s is due within this. */
const FINGERPRINT_STARTS_MS = 5000 + 100;

const browser = useBrowser();

interface Beacon {
  form: Record<string, string>;
  body: string;
  events: AnalyticsEvent[];
}

/** Every beacon the fake API has received, decrypted, oldest first (a page of an earlier test may still send one). */
async function beacons(): Promise<Beacon[]> {
  const received = await fakeApi.requests('/beacon');
  return Promise.all(received.map(async (b) => ({ form: b.form, body: b.body, events: (await decryptBatch(b.body, KEY)).events as AnalyticsEvent[] })));
}

/** Waits until beacons have carried every event of `ids`, and returns those events. */
async function beaconed(ids: readonly string[]): Promise<AnalyticsEvent[]> {
  let found: AnalyticsEvent[] = [];
  await expect.poll(async () => {
    found = (await beacons()).flatMap((b) => b.events).filter((e) => ids.includes(e.id));
    return new Set(found.map((e) => e.id)).size;
  }).toBe(new Set(ids).size);
  return found;
}

interface Observed {
  /** Tracking has started: its page view was written to the queue (in the step that also wires clicks, errors and the fingerprint). */
  viewQueued: boolean;
  /** The fingerprint was collected and compared with the one last sent (the step right before sending it). */
  fingerprintCompared: boolean;
  /** Calls this page made to the fingerprint log endpoint, and analytics beacons it sent. */
  fingerprintPosts: number;
  beacons: number;
}

const NOTHING: Observed = { viewQueued: false, fingerprintCompared: false, fingerprintPosts: 0, beacons: 0 };

/**
 * Records, in the page and as they happen, the steps of tracking the tests wait for: a test waits
 * for a step instead of for time, and what this page did is never confused with what the page of an
 * earlier test sends late.
 */
async function observeTracking(page: Page): Promise<() => Promise<Observed>> {
  await page.addInitScript(() => {
    const seen = { viewQueued: false, fingerprintCompared: false, fingerprintPosts: 0, beacons: 0 };
    (window as unknown as { __tracking: typeof seen }).__tracking = seen;
    const { getItem, setItem } = Storage.prototype;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'sitegen_events' && value.includes('"view"')) seen.viewQueued = true;
      return setItem.call(this, key, value);
    };
    Storage.prototype.getItem = function (key: string) {
      if (key === 'sitegen_fp') seen.fingerprintCompared = true;
      return getItem.call(this, key);
    };
    const { fetch } = window;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      if (String(input instanceof Request ? input.url : input).includes('/client/record-data/log')) seen.fingerprintPosts++;
      return fetch.call(this, input, init);
    };
    const { sendBeacon } = Navigator.prototype;
    Navigator.prototype.sendBeacon = function (url: string | URL, data?: BodyInit | null) {
      seen.beacons++;
      return sendBeacon.call(this, url, data);
    };
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __tracking: Observed }).__tracking }));
}

const trackingStarted = async (observed: () => Promise<Observed>) => expect.poll(async () => (await observed()).viewQueued).toBe(true);

describe('analytics (spec §3, §8, §9)', () => {
  it('sends a batch of 20 at once through sendBeacon, encrypted, with the spec context fields', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const observed = await observeTracking(page);
    await page.goto(siteUrl('/pricing'));
    // Tracking starts once the page is idle and the visitor's IP is known; then 25 clicks on a tracked element.
    await trackingStarted(observed);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.dataset.track = 'e2e-button';
      document.body.append(button);
      for (let i = 0; i < 25; i++) button.click();
    });
    // The 20th event sends a batch at once: the page view and the first 19 clicks.
    let batch: Beacon | undefined;
    await expect.poll(async () => (batch = (await beacons()).find((b) => b.events.some((e) => e.name === 'e2e-button')))).toBeDefined();
    expect(batch!.events).toHaveLength(20);
    expect(batch!.events.filter((e) => e.type === 'click' && e.name === 'e2e-button')).toHaveLength(19);
    const click = batch!.events.find((e) => e.type === 'click')!;
    for (const field of ['user_id', 'user_info', 'device_id', 'screen_size', 'app_version', 'login_ip'] as const) expect(click).toHaveProperty(field);
    expect(click.login_ip).toBe('203.0.113.7');
    expect(click.screen_size).toMatch(/^\d+x\d+$/);
    expect(Object.keys(batch!.form).sort()).toEqual(['_a', '_t']);
    expect(batch!.body).not.toContain('e2e-button');
    await context.close();
  });

  it('flushes what is queued after 10 s, and reports a broken resource as error 100101', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const observed = await observeTracking(page);
    await page.clock.install();
    await page.goto(siteUrl('/blog'));
    await page.clock.runFor(4000);
    const queued = () => page.evaluate(() => localStorage.getItem('sitegen_events') ?? '');
    // Tracking has started when the page view is queued (in localStorage, spec §9).
    await expect.poll(queued).toContain('"view"');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/images/does-not-exist.png';
      document.body.append(img);
    });
    await expect.poll(queued).toContain('100101');
    const mine = (JSON.parse(await queued()) as AnalyticsEvent[]).map((e) => e.id);
    expect((await observed()).beacons).toBe(0);
    await page.clock.runFor(10_500);
    const events = await beaconed(mine);
    expect(events.some((e) => e.type === 'view')).toBe(true);
    expect(events.find((e) => e.type === 'error')?.code).toBe(100101);
    await context.close();
  });
});

describe('fingerprint and consent (spec §5, §7)', () => {
  it('sends the fingerprint once, and not again while it is unchanged', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const observed = await observeTracking(page);
    // Stopped: the probes' 1 s time-outs (audio, client hints) never fire before the probes answer,
    // so a busy machine cannot make the two pages' fingerprints differ.
    await stopClock(page);
    await page.goto(siteUrl('/'));
    await page.clock.runFor(100); // idle: the deferred chunk starts tracking
    await trackingStarted(observed);
    await page.clock.runFor(FINGERPRINT_STARTS_MS);
    // Remembered once the call has succeeded; the call is the one that carried that hash.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sitegen_fp'))).toMatch(/^[0-9a-f]{14,64}$/);
    const remembered = await page.evaluate(() => localStorage.getItem('sitegen_fp'));
    expect((await observed()).fingerprintPosts).toBe(1);
    const decoded = (form: Record<string, string>) => JSON.parse(Buffer.from(form.data ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
    const sent = (await fakeApi.requests('/client/record-data/log')).find((r) => decoded(r.form).hash === remembered);
    expect(sent!.form.log_type).toBe('WWW_FINGERPRINT_INFO');
    expect(sent!.form.base_encode).toBe('1');
    expect(decoded(sent!.form)).toHaveProperty('canvas');

    await page.goto(siteUrl('/pricing'));
    await page.clock.runFor(100);
    await trackingStarted(observed);
    await page.clock.runFor(FINGERPRINT_STARTS_MS);
    // Collected again and found unchanged: nothing is sent.
    await expect.poll(async () => (await observed()).fingerprintCompared).toBe(true);
    expect((await observed()).fingerprintPosts).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('sitegen_fp'))).toBe(remembered);
    await context.close();
  });

  it('waits for consent in a consent country: nothing is tracked until Accept, nothing at all after Decline', async () => {
    for (const answer of ['Accept', 'Decline'] as const) {
      await fakeApi.reset();
      await fakeApi.set({ country: 'DE' });
      const { context, page } = await newPage(browser(), DESKTOP);
      const observed = await observeTracking(page);
      await page.clock.install();
      await page.goto(siteUrl('/pricing'));
      const banner = page.locator('.consent-banner');
      await banner.waitFor();
      // Past the time a batch and the fingerprint would be due: tracking has not even started.
      await page.clock.runFor(FINGERPRINT_DUE_MS);
      expect(await observed()).toEqual(NOTHING);
      expect(await page.evaluate(() => localStorage.getItem('sitegen_events'))).toBeNull();
      await banner.getByRole('button', { name: answer }).click();
      // The answer is written by the click's handler; a loaded machine may hand the cookie jar over before it ran.
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'sitegen_consent')?.value).toBe(answer === 'Accept' ? 'granted' : 'denied');
      if (answer === 'Accept') {
        await trackingStarted(observed);
        await page.clock.runFor(FINGERPRINT_DUE_MS);
        await expect.poll(async () => (await observed()).fingerprintPosts).toBe(1);
      } else {
        await page.clock.runFor(FINGERPRINT_DUE_MS);
        expect(await observed()).toEqual(NOTHING);
      }
      await context.close();
    }
  });

  it('shows the consent question in the page language', async () => {
    await fakeApi.set({ country: 'FR' });
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/fr/pricing'));
    const banner = page.locator('.consent-banner');
    await banner.waitFor();
    expect(await banner.getByRole('button').allTextContents()).toEqual(['Refuser', 'Accepter']);
    await context.close();
  });
});
