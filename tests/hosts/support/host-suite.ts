import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_CONFIG_FILES } from '../../../src/model/host-config-files.js';
import { mapConcurrent } from '../../../src/fs/map-concurrent.js';
import { CASES, HOSTNAMES, type EdgeCase } from '../../fixtures/edge-fixture.js';
import { buildSiteOnDisk } from './built-site.js';
import { FEATURES, readmeRows, RESULTS_DIR, rowLine, type HostRow } from './host-table.js';
import { HOSTILE_REQUESTS } from './hostile-requests.js';
import { NOT_FOUND_CASES, notFoundProblems } from './not-found-cases.js';
import { header, type RawResponse } from './raw-http.js';
import { cookieSetBy, langOf, safetyProblems } from './safety.js';
import type { RunningTarget } from './target.js';
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
    let internalFiles: Map<string, string>;
    const exact = new Map<string, boolean>();
    let largestHops = 0;
    let openRedirects = 0;

    beforeAll(async () => {
      const site = await buildSiteOnDisk(spec.targets);
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
