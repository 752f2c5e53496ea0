import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, isCompressible } from '../../../src/serve/content-types.js';
import { HOST_CONFIG_FILES } from '../../../src/model/host-config-files.js';
import { serveSite, type RunningServer } from '../../../src/serve/serve-site.js';
import { outputOnDisk } from '../../helpers/fixture.js';
import { sampleSite } from '../../helpers/sample-site.js';

/**
 * `sitegen serve` over the sample site as `sitegen build` writes it (production origins in
 * site.yaml): every text file a visitor can fetch from each host, reached by its local name, links
 * only to local origins, while dist/ stays byte for byte what the build wrote.
 */

const HOSTS = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' } as const;
/** A production origin of the three hosts, plain or JSON-escaped (https:\/\/…), standing whole. */
const PRODUCTION = /https?:(?:\/\/|\\\/\\\/)www\.polybrowser(?:-cn|-ru)?\.example(?![a-z0-9.-])/;

let dir: string;
let server: RunningServer;
let port: string;
let before: Map<string, string>;

function digests(root: string): Map<string, string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => { const path = join(e.parentPath, e.name); return [relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex')]; }));
}

beforeAll(async () => {
  const site = await sampleSite();
  expect(site.ok).toBe(true);
  dir = outputOnDisk(site.output, 'sitegen-preview-');
  before = digests(dir);
  server = await serveSite({ dir, port: 0, log: () => undefined });
  port = new URL(server.url).port;
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function get(path: string, host: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The URL path of every text file of a host folder (pages at their clean URL), configuration files left out. */
function textPaths(host: string): string[] {
  const folder = join(dir, host);
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && isCompressible(contentTypeOf(e.name)) && !HOST_CONFIG_FILES.includes(e.name))
    .map((e) => relative(folder, join(e.parentPath, e.name)).split('\\').join('/'))
    .map((path) => (path === 'index.html' ? '/' : `/${path.replace(/\.html$/, '')}`));
}

describe('sitegen serve: a self-contained preview of the sample site', () => {
  it.each([
    ['main', `localhost`],
    ['zh', `zh.localhost`],
    ['ru', `ru.localhost`],
  ] as const)('every text file of the %s host, reached at %s, links to no production origin', async (key, name) => {
    const paths = textPaths(HOSTS[key]);
    expect(paths.length).toBeGreaterThan(key === 'main' ? 400 : 40);
    const leaks: string[] = [];
    let local = 0;
    for (const path of paths) {
      const reply = await get(path, `${name}:${port}`);
      expect(reply.status, path).toBe(200);
      expect(Number(reply.headers['content-length']), path).toBe(reply.body.length);
      const text = reply.body.toString('utf8');
      const leak = PRODUCTION.exec(text);
      if (leak) leaks.push(`${path}: …${text.slice(Math.max(0, leak.index - 60), leak.index + 60)}…`);
      if (text.includes(`http://${name}:${port}`)) local++;
    }
    expect(leaks).toEqual([]);
    // The pages did link to their own host: the links were moved, not lost.
    expect(local).toBeGreaterThan(paths.length / 2);
  });

  it('moves the links of the runtime JSON and the language switcher to the hosts\' local names', async () => {
    const home = (await get('/', `localhost:${port}`)).body.toString();
    const runtime = JSON.parse(/<script type="application\/json" id="sitegen-runtime">(.*?)<\/script>/s.exec(home)![1]!) as { errorBackUrl: string };
    expect(runtime.errorBackUrl).toBe(`http://localhost:${port}/blog`);
    const switcher = [...home.matchAll(/<a [^>]*data-locale="(zh|ru|en)"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]);
    expect(switcher).toContain(`http://zh.localhost:${port}/`);
    expect(switcher).toContain(`http://ru.localhost:${port}/`);
    // Reached as 127.0.0.1, the main host keeps that name.
    expect((await get('/pricing', `127.0.0.1:${port}`)).body.toString()).toContain(`href="http://127.0.0.1:${port}/pricing"`);
  });

  it('keeps Content-Length right and compresses the rewritten page with brotli and gzip', async () => {
    const plain = await get('/pricing', `localhost:${port}`);
    const br = await get('/pricing', `localhost:${port}`, { 'accept-encoding': 'br' });
    const gz = await get('/pricing', `localhost:${port}`, { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const head = await get('/pricing', `localhost:${port}`, {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.body.length).not.toBe(readFileSync(join(dir, HOSTS.main, 'pricing.html')).length);
  });

  it('keeps redirects between the hosts on the local names', async () => {
    expect((await get('/ru/pricing?ref=1', `localhost:${port}`)).headers.location).toBe(`http://ru.localhost:${port}/pricing?ref=1`);
    expect((await get('/en', `zh.localhost:${port}`)).headers.location).toBe(`http://localhost:${port}/?myLocale=en`);
    expect((await get('/', `localhost:${port}`, { 'accept-language': 'zh-CN,zh;q=0.9' })).headers.location).toBe(`http://zh.localhost:${port}/`);
    expect((await get('/', `127.0.0.1:${port}`, { cookie: 'myLocale=ru' })).headers.location).toBe(`http://ru.localhost:${port}/`);
  });

  it('serves the production links unchanged to a request by a configured hostname or by a name that is not this machine\'s', async () => {
    const original = readFileSync(join(dir, HOSTS.main, 'pricing.html'));
    for (const host of [HOSTS.main, `192.168.1.20:${port}`, 'evil.example']) {
      expect((await get('/pricing', host)).body.equals(original), host).toBe(true);
    }
    expect((await get('/ru/pricing', HOSTS.main)).headers.location).toBe(`https://${HOSTS.ru}/pricing`);
  });

  it('leaves dist/ as the build wrote it', () => {
    expect(digests(dir)).toEqual(before);
  });
});
