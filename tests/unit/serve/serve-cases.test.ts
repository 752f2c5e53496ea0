import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type RunningServer } from '../../../src/serve/serve-site.js';
import { buildEdgeFixture, CASES, HOSTNAMES } from '../../fixtures/edge-fixture.js';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  const result = await buildEdgeFixture();
  dir = mkdtempSync(join(tmpdir(), 'sitegen-serve-'));
  for (const [path, bytes] of result.output) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  server = await serveSite({ dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A raw HTTP request: the path goes on the wire exactly as written (no client-side normalising). */
function get(path: string, headers: Record<string, string>): Promise<Reply> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// HTTP cannot carry raw control characters in a request line; those cases run in the other suites.
const overHttp = CASES.filter((c) => !/[\u0000-\u0020]/.test(c.path));

describe('sitegen serve over HTTP', () => {
  it.each(overHttp.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const headers: Record<string, string> = { host: HOSTNAMES[c.host]! };
    if (c.cookie !== undefined) headers.cookie = c.cookie;
    if (c.acceptLanguage !== undefined) headers['accept-language'] = c.acceptLanguage;
    const reply = await get(c.path, headers);
    expect(reply.status).toBe(c.status);
    if (c.location !== undefined) expect(reply.headers.location).toBe(c.location);
    if (c.vary !== undefined) expect(reply.headers.vary).toBe(c.vary);
    if (c.lang !== undefined) expect(reply.body.toString('utf8')).toContain(`<html lang="${c.lang}"`);
  });

  it('serves the 404 page of the path\'s locale with status 404', async () => {
    const vn = await get('/vn/nope', { host: HOSTNAMES.main! });
    expect(vn.status).toBe(404);
    expect(vn.body.toString()).toContain('<html lang="vi"');
    const ru = await get('/nope', { host: HOSTNAMES.ru! });
    expect(ru.status).toBe(404);
    expect(ru.body.toString()).toContain('<html lang="ru"');
  });

  it('compresses with brotli or gzip as the client accepts, with the right content type', async () => {
    const br = await get('/pricing', { host: HOSTNAMES.main!, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.body).toString()).toContain('<html lang="en"');
    const gz = await get('/sitemap.xml', { host: HOSTNAMES.main!, 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(gunzipSync(gz.body).toString()).toContain('<sitemapindex');
    const plain = await get('/pricing', { host: HOSTNAMES.main! });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('picks the host from zh.localhost style names and keeps cross-host redirects local', async () => {
    const page = await get('/pricing', { host: 'zh.localhost:4000' });
    expect(page.body.toString()).toContain('<html lang="zh-CN"');
    const moved = await get('/ru/pricing?ref=1', { host: 'main.localhost:4000' });
    expect(moved.headers.location).toBe('http://ru.localhost:4000/pricing?ref=1');
  });

  it('never serves configuration files or dotfiles, and refuses other methods', async () => {
    expect((await get('/_redirects', { host: HOSTNAMES.main! })).status).toBe(404);
    expect((await get('/.vercel/output/config.json', { host: HOSTNAMES.main! })).status).toBe(404);
    const { port } = new URL(server.url);
    const status = await new Promise<number>((resolve) => request({ host: '127.0.0.1', port, path: '/', method: 'POST' }, (res) => resolve(res.statusCode!)).end());
    expect(status).toBe(405);
  });
});
