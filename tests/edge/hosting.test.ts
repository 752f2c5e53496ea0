import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.js';
import { parseRedirectsFile } from '../../src/hosting/redirects-file.js';
import { matchStaticRule, type StaticRule } from '../../src/hosting/static-rules.js';
import type { VercelConfig, VercelRoute } from '../../src/hosting/vercel-output.js';
import { baseFiles, buildFixture, errorsOf } from '../helpers/fixture.js';
import { buildEdgeFixture, CASES, edgeFixtureFiles, HOSTNAMES, requestFor, type EdgeCase } from './edge-fixture.js';

const text = (result: BuildResult, path: string) => new TextDecoder().decode(result.output.get(path));

interface Outcome { status: number; location?: string; body?: string }

/**
 * Vercel's routing as the Build Output API v3 documents it, for the route kinds sitegen writes:
 * middleware first (x-middleware-next = go on), then headers and host rewrites, the filesystem
 * (with overrides giving files their clean path), then the miss routes with their status.
 */
async function replayVercel(result: BuildResult, middleware: (r: Request) => Promise<Response>, c: EdgeCase): Promise<Outcome> {
  const config = JSON.parse(text(result, '.vercel/output/config.json')) as VercelConfig;
  const request = requestFor(c);
  const url = new URL(request.url);
  const matches = (route: VercelRoute, path: string) =>
    new RegExp(route.src!).test(path) && (route.has ?? []).every((h) => h.value === url.hostname);
  let path = url.pathname;
  const filesystem = config.routes.findIndex((r) => r.handle === 'filesystem');
  for (const route of config.routes.slice(0, filesystem)) {
    if (!matches(route, path)) continue;
    if (route.middlewarePath) {
      const response = await middleware(request);
      if (response.headers.get('x-middleware-next') !== '1') return { status: response.status, location: response.headers.get('location') ?? undefined };
      continue;
    }
    if (route.dest) path = path.replace(new RegExp(route.src!), route.dest);
    if (!route.continue) break;
  }
  const byCleanPath = new Map(Object.entries(config.overrides).map(([file, o]) => [`/${o.path}`, file]));
  const file = byCleanPath.get(path) ?? (result.output.has(path.slice(1)) ? path.slice(1) : undefined);
  if (file) return { status: 200, body: text(result, `.vercel/output/static/${file}`) };
  for (const route of config.routes.slice(filesystem + 1)) {
    if (matches(route, path)) return { status: route.status ?? 200, body: text(result, `.vercel/output/static${route.dest}`) };
  }
  return { status: 404 };
}

/** What a redirect file does with a request: its first matching rule, the query carried over. */
function replayRules(rules: StaticRule[], c: EdgeCase): Outcome | undefined {
  const url = new URL(`https://x${c.path}`);
  const target = matchStaticRule(rules, url.pathname);
  if (target === undefined) return undefined;
  const query = url.search ? (target.includes('?') ? `&${url.search.slice(1)}` : url.search) : '';
  return { status: 301, location: `${target}${query}` };
}

/** nginx.conf read back: `location = X { rewrite ^ Y permanent; }` and prefix locations with a capture. */
function nginxRules(conf: string, hostname: string): StaticRule[] {
  const block = conf.split('\nserver {').find((b) => b.includes(`server_name ${hostname};`))!;
  const rules: StaticRule[] = [];
  for (const line of block.split('\n')) {
    const exact = /^ {2}location = (\S+) \{ rewrite \^ (\S+) permanent; \}$/.exec(line);
    if (exact) rules.push({ from: exact[1]!, to: exact[2]!, status: 301 });
    const prefix = /^ {2}location \^~ (\S+) \{ rewrite \^\S+\(\.\*\)\$ (\S+) permanent; \}$/.exec(line);
    if (prefix) rules.push({ from: `${prefix[1]}*`, to: prefix[2]!.replace('$1', ':splat'), status: 301 });
  }
  return rules;
}

const staticCases = CASES.filter((c) => c.static);

describe('hosting outputs, parsed back and replayed', () => {
  const fixture = buildEdgeFixture();

  it('writes a Build Output API v3 directory that routes every case like the middleware', async () => {
    const result = await fixture;
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-vercel-'));
    writeFileSync(join(dir, 'index.mjs'), result.output.get('.vercel/output/functions/_middleware.func/index.js')!);
    const middleware = (await import(pathToFileURL(join(dir, 'index.mjs')).href)).default as (r: Request) => Promise<Response>;
    expect(JSON.parse(text(result, '.vercel/output/functions/_middleware.func/.vc-config.json'))).toMatchObject({ runtime: 'edge', entrypoint: 'index.js' });
    const config = JSON.parse(text(result, '.vercel/output/config.json')) as VercelConfig;
    expect(config.version).toBe(3);
    expect(config.routes.length).toBeLessThanOrEqual(2048);
    for (const c of CASES) {
      const outcome = await replayVercel(result, middleware, c);
      expect(outcome.status, c.name).toBe(c.status);
      if (c.location !== undefined) expect(outcome.location, c.name).toBe(c.location);
      if (c.lang !== undefined) expect(outcome.body, c.name).toContain(`<html lang="${c.lang}"`);
    }
  });

  it('writes Netlify _redirects per host that give the static cases the same Location', async () => {
    const result = await fixture;
    for (const c of staticCases) {
      const rules = parseRedirectsFile(text(result, `${HOSTNAMES[c.host]}/_redirects`)).filter((r) => r.status === 301) as StaticRule[];
      expect(replayRules(rules, c), c.name).toEqual({ status: c.status, location: c.location });
    }
    expect(text(result, `${HOSTNAMES.main}/_redirects`)).toContain('/vn/* /vn/404.html 404');
  });

  it('writes an nginx.conf whose rules give the static cases the same Location', async () => {
    const result = await fixture;
    const conf = text(result, 'nginx.conf');
    for (const c of staticCases) expect(replayRules(nginxRules(conf, HOSTNAMES[c.host]!), c), c.name).toEqual({ status: c.status, location: c.location });
    expect(conf).toContain(`server_name ${HOSTNAMES.ru};`);
    expect(conf).toContain('error_page 404 /vn/404.html;');
  });

  it('says what the redirect-file targets cannot do, by target', async () => {
    const result = await fixture;
    const warnings = result.diagnostics.filter((d) => d.code === 'HOSTING_UNSUPPORTED').map((d) => d.message);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^netlify: .*locale detection.*case folding/);
    expect(warnings[1]).toMatch(/^nginx: /);
  });

  it('writes Cloudflare _redirects within its limits, without 404 rules', async () => {
    const result = await buildFixture(edgeFixtureFiles('[cloudflare]'));
    expect(errorsOf(result)).toEqual([]);
    const file = text(result, `${HOSTNAMES.main}/_redirects`);
    expect(file).not.toContain(' 404');
    for (const c of staticCases.filter((x) => x.host === 'main')) {
      expect(replayRules(parseRedirectsFile(file) as StaticRule[], c), c.name).toEqual({ status: c.status, location: c.location });
    }
    expect(result.output.has('.vercel/output/config.json')).toBe(false);
  });

  it('refuses to write a Cloudflare file that would silently drop rules, and names the way out', async () => {
    const files = edgeFixtureFiles('[cloudflare]');
    const rows = Array.from({ length: 2001 }, (_, i) => `- { from: /old-${i}, to: /pricing }`);
    rows.push(`- { from: /long, to: "https://blog.polybrowser-ru.example/${'x'.repeat(1000)}" }`);
    files['content/data/redirects.yaml'] = rows.join('\n');
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/budget: \d+/, 'budget: 524288');
    const result = await buildFixture(files);
    const limits = errorsOf(result).filter((d) => d.code === 'HOSTING_LIMIT').map((d) => d.message);
    // Every host gets the main host's rules behind /en (one hop from /en/old-1), so all are over.
    expect(limits).toHaveLength(3);
    expect(limits.find((m) => m.startsWith('cloudflare: www.polybrowser.example/'))).toMatch(/_redirects would have 4081 static rules \(limit 2000\), 2 lines over 1000 characters/);
    expect(result.ok).toBe(false);
  });

  it('refuses netlify and cloudflare together, which would write one _redirects twice', async () => {
    const result = await buildFixture(edgeFixtureFiles('[netlify, cloudflare]'));
    expect(errorsOf(result).map((d) => d.message)).toEqual([expect.stringContaining('both netlify and cloudflare')]);
  });

  it('the sample configuration without targets writes only the Vercel output', async () => {
    const files = baseFiles();
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/\n {2}targets: \[[^\]]*\]/, '');
    const result = await buildFixture(files);
    expect(result.output.has('.vercel/output/config.json')).toBe(true);
    expect(result.output.has('nginx.conf')).toBe(false);
  });
});
