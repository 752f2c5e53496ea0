import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EdgeConfig } from '../../../src/model/edge-config.js';
import { createMiddleware } from '../../../src/edge/middleware.js';
import { buildEdgeFixture, documentOf } from '../../fixtures/edge-fixture.js';

/**
 * A local stand-in for the Edge Config REST API that @vercel/edge-config (the real client) talks
 * to: GET /<id>/item/<key> and /<id>/items with a bearer token, answering with the digest header.
 * `mode` switches it between serving a document, being down (500), and serving junk.
 */
let server: Server;
let base: string;
let mode: 'ok' | 'down' | 'junk' = 'ok';
let storeDocument: EdgeConfig;
const seen: { path: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  const bundled = documentOf(await buildEdgeFixture());
  // The store holds a newer document than the one bundled: one more redirect.
  storeDocument = { ...bundled, redirects: { ...bundled.redirects, main: { ...bundled.redirects.main, '/from-store': '/pricing' } } };
  server = createServer((req, res) => {
    seen.push({ path: req.url!, auth: req.headers.authorization });
    if (mode === 'down') return res.writeHead(500).end('{"error":"unavailable"}');
    const item = /^\/ecfg_test\/item\/([\w-]+)\?version=1$/.exec(req.url!);
    const items = { sitegen: mode === 'junk' ? { version: 99 } : storeDocument };
    res.setHeader('x-edge-config-digest', 'digest-1');
    res.setHeader('content-type', 'application/json');
    if (item) {
      const value = items[item[1] as 'sitegen'];
      return value === undefined ? res.writeHead(404).end('{}') : res.end(JSON.stringify(value));
    }
    if (req.url!.startsWith('/ecfg_test/items')) return res.end(JSON.stringify(items));
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fromStore = new Request('https://www.polybrowser.example/from-store?ref=9');
const pricing = new Request('https://www.polybrowser.example/Pricing');

async function middlewareWith(options: { ttlMs?: number; now?: () => number } = {}) {
  const bundled = documentOf(await buildEdgeFixture());
  const logs: string[] = [];
  // The store's time-out (1.5 s in production) is set far out: on a busy machine the local stand-in
  // can take longer than that to answer, and these tests are about what it answers.
  const middleware = createMiddleware(bundled, { connectionString: `${base}/ecfg_test?token=secret-token`, log: (m) => logs.push(m), timeoutMs: 60_000, ...options });
  return { middleware, logs };
}

describe('the middleware with @vercel/edge-config', () => {
  it('reads the document from the store with the token, and applies it', async () => {
    mode = 'ok';
    seen.length = 0;
    const { middleware, logs } = await middlewareWith();
    const response = await middleware(fromStore);
    expect(response?.status).toBe(301);
    expect(response?.headers.get('location')).toBe('/pricing?ref=9');
    expect(seen[0]).toEqual({ path: '/ecfg_test/item/sitegen?version=1', auth: 'Bearer secret-token' });
    expect(logs).toEqual([]);
  });

  it('caches the document for its time to live', async () => {
    mode = 'ok';
    seen.length = 0;
    let clock = 0;
    const { middleware } = await middlewareWith({ ttlMs: 1000, now: () => clock });
    await middleware(fromStore);
    await middleware(pricing);
    expect(seen).toHaveLength(1);
    clock = 1500;
    await middleware(pricing);
    // Past its time to live the document is fetched again, in the background.
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 30_000 });
  });

  it('falls back to the bundled document when the store is down', async () => {
    mode = 'down';
    const { middleware, logs } = await middlewareWith();
    expect(await middleware(fromStore)).toBeUndefined();
    expect((await middleware(pricing))?.headers.get('location')).toBe('/pricing');
    expect(logs[0]).toMatch(/^Edge Config unreachable .*; using the bundled document$/);
  });

  it('falls back to the bundled document when the store holds something else', async () => {
    mode = 'junk';
    const { middleware, logs } = await middlewareWith();
    expect(await middleware(fromStore)).toBeUndefined();
    expect((await middleware(pricing))?.status).toBe(301);
    expect(logs).toEqual(['Edge Config item "sitegen" is not a valid edge document; using the bundled document']);
  });

  it('keeps the last good document when the store goes down later', async () => {
    mode = 'ok';
    let clock = 0;
    const { middleware, logs } = await middlewareWith({ ttlMs: 10, now: () => clock });
    expect((await middleware(fromStore))?.status).toBe(301);
    mode = 'down';
    clock = 100;
    await middleware(pricing);
    // The refresh in the background has failed, and said so.
    await vi.waitFor(() => expect(logs.at(-1)).toMatch(/^Edge Config unreachable .*; using the last good document$/), { timeout: 30_000 });
    expect((await middleware(fromStore))?.status).toBe(301);
  });
});
