import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, useBrowser } from './support/e2e.js';

/**
 * The browser tests' screenshot() tries a capture a second time when the first hangs (see its
 * comment in support/e2e.ts). A page whose main thread is blocked, by a synchronous request this
 * file's server holds, is what makes a capture hang here.
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
  return page;
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
