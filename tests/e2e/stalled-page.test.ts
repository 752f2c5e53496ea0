import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { againOnNewPageIfStalled, DESKTOP, newPage, renewablePage, screenshot, useBrowser } from './support/e2e.js';

/**
 * What the browser tests do when a page stalls (see support/e2e.ts): screenshot() tries a capture a
 * second time, and againOnNewPageIfStalled() runs work again on a new page. A page whose main thread is
 * blocked, by a synchronous request this file's server holds, is what stalls here.
 */
const browser = useBrowser();
const held: ServerResponse[] = [];
const server = createServer((_req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  held.push(res);
});
let holdUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  holdUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hold`;
});
afterAll(async () => {
  releaseAll();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function releaseAll(): void {
  for (const res of held.splice(0)) res.end('released');
}

/** A page whose main thread waits on a request this file's server holds until releaseAll(). */
async function blockedPage(): Promise<Page> {
  const { page } = await newPage(browser());
  await block(page);
  return page;
}

async function block(page: Page): Promise<void> {
  await page.setContent('<p>Hello</p>');
  const waiting = new Promise<void>((resolve) => server.once('request', () => resolve()));
  await page.evaluate((url) => {
    setTimeout(() => {
      const request = new XMLHttpRequest();
      request.open('GET', url, false);
      request.send();
    });
  }, holdUrl);
  await waiting;
}

describe('screenshot() in the browser tests', () => {
  it('takes the picture on a second attempt when the first hangs and the page then renders again', async () => {
    const page = await blockedPage();
    let timeouts = 0;
    const png = await screenshot(page, {}, { ms: 3_000, onTimeout: () => (timeouts++, releaseAll()) });
    expect(timeouts).toBe(1);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await page.context().close();
  });

  it('fails after a second hang, saying that the page did not answer in between', async () => {
    const page = await blockedPage();
    await expect(screenshot(page, {}, { ms: 3_000 })).rejects.toThrow(/two screenshots of .* timed out; between them the page did not answer within 3000 ms/);
    releaseAll();
    await page.context().close();
  });
});

describe('againOnNewPageIfStalled() in the browser tests', () => {
  it('runs the work again on a new page when a Playwright call in it timed out on the first, and returns what the second run gave', async () => {
    let opened = 0;
    const target = await renewablePage(browser(), DESKTOP, async ({ page }) => {
      if (++opened === 1) await block(page);
    });
    const stalls: string[] = [];
    const pages: Page[] = [];
    const png = await againOnNewPageIfStalled(target, (page) => (pages.push(page), page.screenshot({ timeout: 3_000 })), { ms: 60_000, what: 'the picture', onStall: (reason) => stalls.push(reason) });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(stalls).toEqual([expect.stringMatching(/^page\.screenshot: Timeout 3000ms exceeded/)]);
    expect(opened).toBe(2);
    expect(pages[1]).not.toBe(pages[0]);
    expect(pages[0]!.isClosed()).toBe(true);
    releaseAll();
    await target.close();
  });

  it('takes screenshot()\'s failure after two hung captures for a stall, and takes the picture on a new page', async () => {
    let opened = 0;
    const target = await renewablePage(browser(), DESKTOP, async ({ page }) => {
      if (++opened === 1) await block(page);
    });
    const stalls: string[] = [];
    const png = await againOnNewPageIfStalled(target, (page) => screenshot(page, {}, { ms: 2_000 }), { ms: 60_000, what: 'the picture', onStall: (reason) => stalls.push(reason) });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(stalls).toEqual([expect.stringMatching(/^two screenshots of .* timed out; between them the page did not answer within 2000 ms/)]);
    expect(opened).toBe(2);
    releaseAll();
    await target.close();
  });

  it('gives up on work that has not ended after its bound, and fails when it stalls on the new page too, naming both stalls', async () => {
    let opened = 0;
    const target = await renewablePage(browser(), DESKTOP, async ({ page }) => {
      opened++;
      await block(page);
    });
    // evaluate() has no timeout of its own: on a blocked page only the bound ends it.
    await expect(againOnNewPageIfStalled(target, (page) => page.evaluate(() => document.title), { ms: 3_000, what: 'the title' })).rejects.toThrow(
      'the title stalled on two pages: first it had not ended after 3000 ms; then, on a new page, it had not ended after 3000 ms',
    );
    expect(opened).toBe(2);
    releaseAll();
    await target.close();
  });

  it('throws any other failure at once, on the first page', async () => {
    let opened = 0;
    const target = await renewablePage(browser(), DESKTOP, async () => void opened++);
    await expect(againOnNewPageIfStalled(target, (page) => page.evaluate(() => { throw new Error('broken'); }), { ms: 60_000, what: 'the work' })).rejects.toThrow('broken');
    expect(opened).toBe(1);
    await target.close();
  });
});
