import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeRoutes } from '@vercel/routing-utils';
import type { VercelConfig, VercelRoute } from '../../../src/hosting/vercel-output.js';
import { loadEdgeFunction } from '../../helpers/edge-function.js';
import { headerPairs, requestHeaders, startHttpFront, type Answer } from './http-front.js';
import { findStaticFile } from './static-folder.js';
import type { RunningTarget } from './target.js';

/**
 * Vercel: `.vercel/output` as Build Output API v3 describes it. The routes must pass Vercel's own
 * validation (`normalizeRoutes` of @vercel/routing-utils, as the CLI runs it); the middleware
 * function runs in edge-runtime; then the routes are applied in order (middleware, headers, host
 * rewrites; the filesystem with overrides giving files their clean path; then the miss routes).
 */
export async function startVercel(dir: string): Promise<RunningTarget> {
  const output = join(dir, '.vercel/output');
  const config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')) as VercelConfig;
  const normalized = normalizeRoutes(config.routes as Parameters<typeof normalizeRoutes>[0]);
  if (normalized.error) throw new Error(`Vercel refuses config.json: ${normalized.error.message}`);
  const middleware = await loadEdgeFunction(readFileSync(join(output, 'functions/_middleware.func/index.js')), (_, headers) => headers.get('x-middleware-next') === '1');
  const byCleanPath = new Map(Object.entries(config.overrides).map(([file, o]) => [`/${o.path}`, file]));
  const filesystem = config.routes.findIndex((r) => r.handle === 'filesystem');

  return startHttpFront('vercel', async (url, req): Promise<Answer> => {
    const { hostname, pathname } = new URL(url);
    const matches = (route: VercelRoute, path: string) => new RegExp(route.src!).test(path) && (route.has ?? []).every((h) => h.value === hostname);
    const headers: [string, string][] = [];
    let path = pathname;
    for (const route of config.routes.slice(0, filesystem)) {
      if (!matches(route, path)) continue;
      if (route.middlewarePath) {
        const response = await middleware(url, { method: req.method ?? 'GET', headers: requestHeaders(req) });
        if (response) return { status: response.status, headers: headerPairs(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
        continue;
      }
      if (route.headers) headers.push(...Object.entries(route.headers));
      if (route.dest) path = path.replace(new RegExp(route.src!), route.dest);
      if (!route.continue) break;
    }
    const staticDir = join(output, 'static');
    // A page is served at its clean path only (the override); any other file at its own path.
    const file = byCleanPath.get(path) ?? (path.endsWith('.html') ? undefined : path.slice(1));
    const found = file === undefined ? undefined : findStaticFile(staticDir, `/${file}`, { exact: true });
    if (found) return { status: 200, headers: [...headers, ['content-type', found.type]], body: found.bytes };
    for (const route of config.routes.slice(filesystem + 1)) {
      if (!matches(route, path)) continue;
      const page = findStaticFile(staticDir, route.dest!);
      return { status: route.status ?? 200, headers: [...headers, ['content-type', 'text/html; charset=utf-8']], body: page?.bytes ?? '' };
    }
    return { status: 404, headers, body: 'Not Found' };
  });
}
