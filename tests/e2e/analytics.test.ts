import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptBatch } from '../../client/analytics/beacon-codec.js';
import type { AnalyticsEvent } from '../../client/analytics/events.js';
import { ROOT } from '../helpers/fixture.js';
import { DESKTOP, fakeApi, newPage, siteUrl, useBrowser } from './support/e2e.js';

const KEY = (parse(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8')) as { analytics: { beaconKey: string } }).analytics.beaconKey;

const browser = useBrowser();

async function beaconEvents(count = 1): Promise<AnalyticsEvent[][]> {
  const beacons = await fakeApi.waitFor('/beacon', count, 20_000);
  return Promise.all(beacons.map(async (b) => (await decryptBatch(b.body, KEY)).events as AnalyticsEvent[]));
}

describe('analytics (spec §3, §8, §9)', () => {
  it('sends a batch of 20 at once through sendBeacon, encrypted, with the spec context fields', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing'));
    // Tracking starts once the page is idle; then 25 clicks on a tracked element.
    await page.waitForFunction(() => document.querySelectorAll('[data-island][data-hydrated="true"]').length > 0);
    await page.waitForTimeout(1500);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.dataset.track = 'e2e-button';
      document.body.append(button);
      for (let i = 0; i < 25; i++) button.click();
    });
    const [first] = await beaconEvents(1);
    expect(first).toHaveLength(20);
    const click = first!.find((e) => e.type === 'click')!;
    expect(click.name).toBe('e2e-button');
    for (const field of ['user_id', 'user_info', 'device_id', 'screen_size', 'app_version', 'login_ip'] as const) expect(click).toHaveProperty(field);
    expect(click.login_ip).toBe('203.0.113.7');
    expect(click.screen_size).toMatch(/^\d+x\d+$/);
    const [beacon] = await fakeApi.requests('/beacon');
    expect(Object.keys(beacon!.form).sort()).toEqual(['_a', '_t']);
    expect(beacon!.body).not.toContain('e2e-button');
    await context.close();
  });

  it('flushes what is queued after 10 s, and reports a broken resource as error 100101', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.clock.install();
    await page.goto(siteUrl('/blog'));
    await page.clock.runFor(4000);
    const queued = () => page.evaluate(() => localStorage.getItem('sitegen_events') ?? '');
    // Tracking has started when the page view is queued (in localStorage, spec §9).
    await expect.poll(queued, { timeout: 10_000 }).toContain('"view"');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/images/does-not-exist.png';
      document.body.append(img);
    });
    await expect.poll(queued).toContain('100101');
    expect(await fakeApi.requests('/beacon')).toEqual([]);
    await page.clock.runFor(10_500);
    const batches = await beaconEvents(1);
    const events = batches.flat();
    expect(events.some((e) => e.type === 'view')).toBe(true);
    expect(events.find((e) => e.type === 'error')?.code).toBe(100101);
    await context.close();
  });
});

describe('fingerprint and consent (spec §5, §7)', () => {
  it('sends the fingerprint once, and not again while it is unchanged', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/'));
    // Collected 5 s after tracking starts, when idle (TIMING.fingerprintDelayMs).
    const [sent] = await fakeApi.waitFor('/client/record-data/log', 1, 20_000);
    expect(sent!.form.log_type).toBe('WWW_FINGERPRINT_INFO');
    expect(sent!.form.base_encode).toBe('1');
    const data = JSON.parse(Buffer.from(sent!.form.data!, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(data).toHaveProperty('canvas');
    const remembered = await page.evaluate(() => localStorage.getItem('sitegen_fp'));
    expect(remembered).toMatch(/^[0-9a-f]{14,64}$/);
    await page.goto(siteUrl('/pricing'));
    await page.waitForTimeout(8000);
    expect(await fakeApi.requests('/client/record-data/log')).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('sitegen_fp'))).toBe(remembered);
    await context.close();
  });

  it('waits for consent in a consent country: nothing is tracked until Accept, nothing at all after Decline', async () => {
    await fakeApi.set({ country: 'DE' });
    for (const answer of ['Accept', 'Decline'] as const) {
      // A closing page flushes its queue (pagehide): let the previous one's beacon land before resetting.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await fakeApi.reset();
      await fakeApi.set({ country: 'DE' });
      const { context, page } = await newPage(browser(), DESKTOP);
      await page.goto(siteUrl('/pricing'));
      const banner = page.locator('.consent-banner');
      await banner.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(1000);
      expect(await fakeApi.requests('/client/record-data/log')).toEqual([]);
      expect(await fakeApi.requests('/beacon')).toEqual([]);
      await banner.getByRole('button', { name: answer }).click();
      expect((await context.cookies()).find((c) => c.name === 'sitegen_consent')?.value).toBe(answer === 'Accept' ? 'granted' : 'denied');
      if (answer === 'Accept') await fakeApi.waitFor('/client/record-data/log', 1, 20_000);
      else {
        await page.waitForTimeout(7000);
        expect(await fakeApi.requests('/client/record-data/log')).toEqual([]);
      }
      await context.close();
    }
  });

  it('shows the consent question in the page language', async () => {
    await fakeApi.set({ country: 'FR' });
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/fr/pricing'));
    const banner = page.locator('.consent-banner');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.getByRole('button').allTextContents()).toEqual(['Refuser', 'Accepter']);
    await context.close();
  });
});
