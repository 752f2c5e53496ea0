import type { OutputFile } from '../model/output-file.js';
import { escapeRegex } from './escape-regex.js';

/** Vercel's limit on config.json routes. */
export const VERCEL_MAX_ROUTES = 2048;

export interface VercelHost {
  /** Hostname the deployment's domain is (www.example.com). */
  name: string;
  /** The host's folder in dist/ and in static/. */
  folder: string;
  /** Locale path prefixes with their own 404 page ('' = host root), most specific first. */
  notFoundPrefixes: readonly string[];
}

export interface VercelRoute {
  src?: string;
  dest?: string;
  status?: number;
  headers?: Record<string, string>;
  has?: { type: 'host'; value: string }[];
  continue?: boolean;
  middlewarePath?: string;
  handle?: 'filesystem';
}

export interface VercelConfig {
  version: 3;
  routes: VercelRoute[];
  overrides: Record<string, { path: string }>;
}

/**
 * Build Output API v3 (`.vercel/output`, deployable with `vercel deploy --prebuilt` from dist/):
 * every request runs the edge middleware first; then the Host header picks the host's folder;
 * flat page files are served at their clean URL (overrides); a miss gets the 404 page of the
 * path's locale with status 404. One project serves all three domains.
 */
export function renderVercelOutput(hosts: readonly VercelHost[], siteFiles: readonly OutputFile[], middleware: Uint8Array, detectHost: string): { files: OutputFile[]; routes: number } {
  const base = '.vercel/output';
  const routes: VercelRoute[] = [
    { src: '^/.*$', middlewarePath: '_middleware', continue: true },
    // The main root is redirected by language for some visitors: caches must key on these headers.
    { src: '^/$', has: [{ type: 'host', value: detectHost }], headers: { Vary: 'Accept-Language, Cookie' }, continue: true },
  ];
  for (const host of hosts) {
    routes.push({ src: '^/$', has: [{ type: 'host', value: host.name }], dest: `/${host.folder}` });
    routes.push({ src: '^/(.+)$', has: [{ type: 'host', value: host.name }], dest: `/${host.folder}/$1` });
  }
  // Preview and *.vercel.app domains show the main host.
  const main = hosts[0]!;
  routes.push({ src: '^/$', dest: `/${main.folder}` }, { src: '^/(.+)$', dest: `/${main.folder}/$1` });
  routes.push({ handle: 'filesystem' });
  for (const host of hosts) {
    for (const prefix of host.notFoundPrefixes) {
      routes.push({ src: `^/${escapeRegex(host.folder)}${escapeRegex(prefix)}(?:/.*)?$`, dest: `/${host.folder}${prefix}/404.html`, status: 404 });
    }
  }
  const overrides: VercelConfig['overrides'] = {};
  for (const file of siteFiles) {
    if (!file.path.endsWith('.html') || file.path.endsWith('/404.html')) continue;
    overrides[file.path] = { path: file.path.endsWith('/index.html') ? file.path.slice(0, -'/index.html'.length) : file.path.slice(0, -'.html'.length) };
  }
  const config: VercelConfig = { version: 3, routes, overrides: Object.fromEntries(Object.entries(overrides).sort(([a], [b]) => (a < b ? -1 : 1))) };
  const files: OutputFile[] = [
    { path: `${base}/config.json`, contents: `${JSON.stringify(config, null, 2)}\n` },
    { path: `${base}/functions/_middleware.func/.vc-config.json`, contents: `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js', envVarsInUse: ['EDGE_CONFIG'] }, null, 2)}\n` },
    { path: `${base}/functions/_middleware.func/index.js`, contents: middleware },
    ...siteFiles.map((file) => ({ path: `${base}/static/${file.path}`, contents: file.contents })),
  ];
  return { files, routes: routes.length };
}
