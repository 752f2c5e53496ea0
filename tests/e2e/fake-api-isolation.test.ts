import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from './support/fake-api.js';
import { e2e, fakeApi, newPage, siteUrl, useBrowser } from './support/e2e.js';

/**
 * The e2e files count the calls their pages make to the API (fakeApi.requests()). A page's call that
 * arrives after its test has ended (a report sent as the page unloads, a slow beacon on a busy
 * machine) must not be counted for the next test: the CI run of 2026-11-28 at 291c8ac failed
 * visitor.test.ts's 'ignores a hostile code' on a referral report of the test before it.
 */
const browser = useBrowser();
const contexts: BrowserContext[] = [];
let releaseLateCall: () => void = () => undefined;
const lateCallHeld = new Promise<void>((resolve) => (releaseLateCall = resolve));

afterAll(async () => {
  releaseLateCall();
  await Promise.all(contexts.map((c) => c.close()));
});

/** The calls this file makes itself (the home page makes calls of its own, to the visitor-IP endpoint and others). */
const ours = (calls: RecordedRequest[]) => calls.filter((r) => r.path.endsWith('-call'));

async function everyRecordedCall(): Promise<RecordedRequest[]> {
  return ours((await (await fetch(`${fakeApi.url}/__requests`)).json()) as RecordedRequest[]);
}

async function callApi(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => void fetch(url, { mode: 'no-cors', keepalive: true }), `${e2e.apiUrl}${path}`);
}

describe('the fake API counts a call for the test whose page made it', () => {
  it('a test whose page makes a call that is still on its way when the test ends', async () => {
    const { context, page } = await newPage(browser());
    contexts.push(context);
    await page.goto(siteUrl('/'));
    // Held until the next test has started (a page route runs before the context's forwarding).
    await page.route((url) => url.pathname === '/late-call', async (route) => {
      await lateCallHeld;
      await route.fallback();
    });
    const held = page.waitForRequest((r) => r.url().endsWith('/late-call'));
    await callApi(page, '/late-call');
    await held;
    await callApi(page, '/early-call');
    await expect.poll(async () => ours(await fakeApi.requests()).map((r) => r.path)).toEqual(['/early-call']);
  });

  it('the next test sees its own calls and not the late one', async () => {
    const { context, page } = await newPage(browser());
    contexts.push(context);
    await page.goto(siteUrl('/'));
    releaseLateCall();
    await callApi(page, '/own-call');
    // The late call reaches the fake API after this test's reset: it is recorded, as the previous test's.
    await expect.poll(async () => (await everyRecordedCall()).map((r) => r.path).sort()).toEqual(['/late-call', '/own-call']);
    expect(ours(await fakeApi.requests()).map((r) => r.path)).toEqual(['/own-call']);
    const from = Object.fromEntries((await everyRecordedCall()).map((r) => [r.path, r.from]));
    expect(from['/late-call']).not.toBe(from['/own-call']);
  });
});
