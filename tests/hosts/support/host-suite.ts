import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_CONFIG_FILES } from '../../../src/model/host-config-files.js';
import { HOST_KEYS } from '../../../src/model/locale-table.js';
import { mapConcurrent } from '../../../src/fs/map-concurrent.js';
import { CASES, HOSTNAMES, type EdgeCase } from '../../fixtures/edge-fixture.js';
import { buildSiteOnDisk } from './built-site.js';
import { FEATURES, readmeRows, RESULTS_DIR, rowLine, type HostRow } from './host-table.js';
import { HOSTILE_REQUESTS } from './hostile-requests.js';
import { NOT_FOUND_CASES, notFoundProblems } from './not-found-cases.js';
import { header, type RawResponse } from './raw-http.js';
import { cookieSetBy, langOf, safetyProblems } from './safety.js';
import type { HostKey, RunningTarget } from './target.js';
import { asBrowserSends, visit, type Visit } from './visit.js';

export interface HostTargetSpec {
  /** The row name in the hosting table. */
  name: string;
  /** edge.targets of the build it serves. */
  targets: string;
  start(dir: string): Promise<RunningTarget>;
  /** Runs the middleware: every case must be answered exactly as the middleware answers it. */
  runsMiddleware: boolean;
  /**
   * Answers the runtime gives before any of the site's code or rules run (workerd cannot turn a
   * Host such as "a:80@evil.com" or an absolute-form target into a URL and answers 500 itself):
   * they are counted apart, never taken for the site's answer.
   */
  refusedByRuntime?: (response: RawResponse) => boolean;
}

/**
 * One hosting target on its real runtime: the case table (tests/fixtures/redirect-cases.yaml) as a
 * browser visits it, and the hostile corpus against the safety rules. The target's row of the
 * hosting table is computed from what it answered and must be the README's row.
 */
export function describeHostTarget(spec: HostTargetSpec): void {
  describe(`${spec.name}, on its real runtime`, () => {
    let target: RunningTarget;
    let siteDir: string;
    let internalFiles: Map<string, string>;
    const exact = new Map<string, boolean>();
    let largestHops = 0;
    let openRedirects = 0;

    beforeAll(async () => {
      const site = await buildSiteOnDisk(spec.targets);
      siteDir = site.dir;
      internalFiles = internalFilesOf(site.dir);
      target = await spec.start(site.dir);
    }, 300_000); // a build and servers starting on a busy machine: a bound for a hang, not a speed
    afterAll(async () => {
      await target?.stop();
    });

    describe('the case table', () => {
      it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
        const headers: Record<string, string> = {};
        if (c.cookie !== undefined) headers.cookie = c.cookie;
        if (c.acceptLanguage !== undefined) headers['accept-language'] = c.acceptLanguage;
        const request = { host: c.host, path: asBrowserSends(c.path), headers };
        const seen = await visit(target, request);
        const problems = safetyProblems(request, seen.first, internalFiles);
        openRedirects += problems.filter((p) => p.startsWith('open redirect')).length;
        expect(problems).toEqual([]);
        largestHops = Math.max(largestHops, seen.hops);
        // A Location is compared as a browser follows it: resolved against the URL asked for.
        const base = `https://${HOSTNAMES[c.host]}${request.path}`;
        const outcome = describeVisit(seen, base);
        const expected = expectedOutcome(c, base);
        exact.set(c.name, JSON.stringify(outcome) === JSON.stringify(expected));
        if (spec.runsMiddleware) expect(outcome).toEqual(expected);
      });
    });

    describe('hostile requests: never off the site, no injected header, no 5xx, no internal file', () => {
      const kinds = [...new Set(HOSTILE_REQUESTS.map((r) => r.kind))];
      it.each(kinds)('%s', async (kind) => {
        const requests = HOSTILE_REQUESTS.filter((r) => r.kind === kind);
        const problems = await mapConcurrent(requests, 8, async (request) => {
          const response = await target.request(request, { silenceMs: 5_000 });
          if (spec.refusedByRuntime?.(response)) return [];
          return safetyProblems(request, response, internalFiles).map((p) => `${request.name}: ${p}`);
        });
        openRedirects += problems.flat().filter((p) => p.includes(': open redirect')).length;
        expect(problems.flat()).toEqual([]);
      }, 180_000);
    });

    // Where the middleware runs, the 404 answer names the path asked for (escaped: it is the
    // visitor's text, never markup); a static host cannot know it and leaves the slot empty.
    describe(spec.runsMiddleware ? 'the 404 answer: the path asked for, as text, in the locale of its prefix' : 'the 404 answer: the static page, which shows no path', () => {
      it.each(NOT_FOUND_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
        const response = await target.request({ host: c.host, path: c.path });
        expect(notFoundProblems(c, response, spec.runsMiddleware)).toEqual([]);
      });
    });

    it('answers a revalidation of a page (If-None-Match with its ETag) with 304 or the page, never the 404 page', async () => {
      const first = await target.request({ host: 'main', path: '/pricing' });
      expect(first.status).toBe(200);
      const etag = header(first, 'etag');
      const again = await target.request({ host: 'main', path: '/pricing', headers: etag === undefined ? {} : { 'if-none-match': etag } });
      expect([200, 304]).toContain(again.status);
    });

    // Files beside the pages, at the addresses readers, browsers and phones ask for: never
    // redirected or answered with the 404 page, and typed as their specifications say.
    it.each(PRODUCT_FILES.map((f) => [`${f.host} ${f.path}`, f] as const))('serves %s with its content type', async (_, file) => {
      const response = await target.request({ host: file.host, path: file.path });
      expect(response.status).toBe(200);
      const type = header(response, 'content-type') ?? '';
      expect(file.types, type).toContain(type.split(';')[0]!.trim().toLowerCase());
      if (file.charset) expect(type.toLowerCase().replace(/\s/g, '')).toContain('charset=utf-8');
      expect(response.body).toBe(readFileSync(join(siteDir, HOSTNAMES[file.host], file.path)).toString('utf8'));
    });

    it('serves each host\'s search index under /pagefind/ as built: its scripts as JavaScript, its entry as JSON, the index as bytes', async () => {
      const problems: string[] = [];
      for (const host of HOST_KEYS) {
        const folder = join(siteDir, HOSTNAMES[host], 'pagefind');
        for (const path of searchFilesToAsk(folder)) {
          const response = await target.request({ host, path: `/pagefind/${path}` });
          const type = header(response, 'content-type') ?? '';
          const expected = readFileSync(join(folder, path));
          if (response.status !== 200) problems.push(`${host} /pagefind/${path}: ${response.status}`);
          else if (!Buffer.from(response.bytes).equals(expected)) problems.push(`${host} /pagefind/${path}: other bytes than the built file (${type})`);
          // A module script must be served as JavaScript (browsers refuse it otherwise); nothing of it as a page.
          if (path.endsWith('.js') && !/javascript/.test(type)) problems.push(`${host} /pagefind/${path}: served as ${type}`);
          if (path.endsWith('.json') && !/json/.test(type)) problems.push(`${host} /pagefind/${path}: served as ${type}`);
          if (/text\/html/.test(type)) problems.push(`${host} /pagefind/${path}: served as ${type}`);
        }
        // A file the index does not have is a miss, never a page or a redirect.
        const missing = await target.request({ host, path: '/pagefind/fragment/none_0000000.pf_fragment' });
        if (missing.status !== 404) problems.push(`${host} a missing index file: ${missing.status}`);
      }
      expect(problems).toEqual([]);
    });

    it('serves each host\'s social images (og:image) as image/png', async () => {
      for (const host of ['main', 'zh'] as const) {
        const page = await target.request({ host, path: '/pricing' });
        expect(page.status, host).toBe(200);
        const image = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
        expect(image, host).toMatch(/^https:\/\/[^/]+\/assets\/og\/[0-9a-f]{20}\.png$/);
        const response = await target.request({ host, path: new URL(image!).pathname });
        expect([response.status, header(response, 'content-type')], `${host} ${image}`).toEqual([200, 'image/png']);
        expect(response.body.length, image).toBeGreaterThan(1000);
      }
    });

    it('has the row the README shows in its hosting table', () => {
      const row: HostRow = { target: spec.name, cells: cellsOf(exact), largestHops, hostileRequests: HOSTILE_REQUESTS.length, openRedirects };
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(join(RESULTS_DIR, `${spec.name}.json`), `${JSON.stringify(row, null, 2)}\n`);
      expect(exact.size, 'every case ran').toBe(CASES.length);
      expect(readmeRows().get(spec.name), 'README.md hosting table (regenerate: npm run hosting-table)').toBe(rowLine(row));
    });
  });
}

/**
 * The feeds of the fixture's English and Vietnamese blog, and on every host the web app manifest,
 * the icons and security.txt (RFC 9116: text/plain with charset utf-8), with the media types each
 * may be served as (favicon.ico has two names in use).
 */
const PRODUCT_FILES: { host: HostKey; path: string; types: string[]; charset?: boolean }[] = [
  { host: 'main', path: '/blog/feed.rss', types: ['application/rss+xml'] },
  { host: 'main', path: '/blog/feed.atom', types: ['application/atom+xml'] },
  { host: 'main', path: '/blog/feed.json', types: ['application/json', 'application/feed+json'] },
  { host: 'main', path: '/vn/blog/feed.atom', types: ['application/atom+xml'] },
  ...HOST_KEYS.flatMap((host) => [
    { host, path: '/site.webmanifest', types: ['application/manifest+json'] },
    { host, path: '/.well-known/security.txt', types: ['text/plain'], charset: true },
    { host, path: '/favicon.ico', types: ['image/x-icon', 'image/vnd.microsoft.icon'] },
    { host, path: '/favicon-32x32.png', types: ['image/png'] },
    { host, path: '/apple-touch-icon.png', types: ['image/png'] },
    { host, path: '/icon-maskable-512.png', types: ['image/png'] },
  ]),
];

interface Outcome { status: number; location?: string; setCookie?: string; lang?: string; hops: number }

function describeVisit(seen: Visit, base: string): Outcome {
  const outcome: Outcome = { status: seen.first.status, hops: seen.hops };
  const location = header(seen.first, 'location');
  if (location !== undefined) outcome.location = new URL(location, base).href;
  const cookie = cookieSetBy(seen.first);
  if (cookie !== undefined) outcome.setCookie = cookie;
  const lang = seen.first.status === 200 || seen.first.status === 404 ? langOf(seen.first) : undefined;
  if (lang !== undefined) outcome.lang = lang;
  return outcome;
}

/** What the case table says a browser gets, in the same shape. */
function expectedOutcome(c: EdgeCase, base: string): Outcome {
  const redirect = c.status >= 300 && c.status < 400;
  const outcome: Outcome = { status: c.status, hops: c.hops ?? (redirect ? 1 : 0) };
  if (c.location !== undefined) outcome.location = new URL(c.location, base).href;
  if (c.setCookie !== undefined) outcome.setCookie = c.setCookie;
  const lang = c.lang ?? (c.status === 404 ? notFoundLang(c) : undefined);
  if (lang !== undefined) outcome.lang = lang;
  return outcome;
}

/** A 404 is the page of the path's locale: the host's language, or vi under /vn. */
function notFoundLang(c: EdgeCase): string {
  if (c.host === 'zh') return 'zh-CN';
  if (c.host === 'ru') return 'ru';
  return /^\/vn(\/|$)/.test(c.path) ? 'vi' : 'en';
}

function cellsOf(exact: Map<string, boolean>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const { feature } of FEATURES) {
    const results = CASES.filter((c) => c.feature === feature).map((c) => exact.get(c.name) ?? false);
    const passed = results.filter(Boolean).length;
    cells[feature] = passed === results.length ? 'yes' : passed === 0 ? 'no' : `${passed} of ${results.length}`;
  }
  return cells;
}

/** One file of each kind Pagefind writes (scripts, entry, wasm, metadata, index, fragment), by path under the folder. */
function searchFilesToAsk(folder: string): string[] {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name)).split('\\').join('/'));
  const kinds = [/^pagefind\.js$/, /^pagefind-worker\.js$/, /^pagefind-entry\.json$/, /^wasm\..+\.pagefind$/, /\.pf_meta$/, /^index\/.+\.pf_index$/, /^fragment\/.+\.pf_fragment$/];
  const found = kinds.map((kind) => files.find((f) => kind.test(f)));
  if (found.includes(undefined)) throw new Error(`the search index in ${folder} lacks a kind of file: ${kinds.filter((_, i) => !found[i]).join(', ')}`);
  return found as string[];
}

/** Files of the output that are configuration, not content: none may ever be served. */
function internalFilesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name));
    const internal = HOST_CONFIG_FILES.includes(basename(path)) || /^(nginx\.conf|edge-config[^/]*\.json|edge\/|\.sitegen\/|netlify\/|\.vercel\/output\/(config\.json|functions\/))/.test(path);
    if (internal) files.set(path, readFileSync(join(dir, path), 'utf8'));
  }
  return files;
}
