import { encodeServedPaths, isSearchPath, SITE_FILES_PLACEHOLDER, type SiteFiles } from '../edge/site-files.js';
import type { OutputFile } from '../model/output-file.js';
import { escapeRegex } from './escape-regex.js';

/** Vercel's limit on config.json routes. */
export const VERCEL_MAX_ROUTES = 2048;

export interface VercelHost {
  /** Host key (main, zh, ru). */
  key: string;
  /** Hostname the deployment's domain is (www.example.com). */
  name: string;
  /** The host's folder in dist/ and in static/. */
  folder: string;
  /** Locale path prefixes with their own 404 page ('' = host root), most specific first. */
  notFoundPrefixes: readonly string[];
}

/** The files every host serves, and the text of its 404 pages by output path (for the middleware). */
export interface HostedSite {
  files: readonly OutputFile[];
  notFoundPages: ReadonlyMap<string, string>;
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
 * path's locale with status 404, from the middleware with the path in it (it is given the list of
 * the deployment's files), else from the routes after the filesystem. One project serves all three
 * domains.
 */
export function renderVercelOutput(hosts: readonly VercelHost[], site: HostedSite, middleware: Uint8Array, detectHost: string): { files: OutputFile[]; routes: number } {
  const siteFiles = site.files;
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
    const clean = cleanPathOf(file.path);
    if (clean !== undefined && clean !== file.path) overrides[file.path] = { path: clean };
  }
  const config: VercelConfig = { version: 3, routes, overrides: Object.fromEntries(Object.entries(overrides).sort(([a], [b]) => (a < b ? -1 : 1))) };
  const files: OutputFile[] = [
    { path: `${base}/config.json`, contents: `${JSON.stringify(config, null, 2)}\n` },
    { path: `${base}/functions/_middleware.func/.vc-config.json`, contents: `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js', envVarsInUse: ['EDGE_CONFIG'] }, null, 2)}\n` },
    { path: `${base}/functions/_middleware.func/index.js`, contents: withSiteFiles(middleware, siteFilesOf(hosts, site)) },
    ...siteFiles.map((file) => ({ path: `${base}/static/${file.path}`, contents: file.contents })),
  ];
  return { files, routes: routes.length };
}

/**
 * The path a file is served at (its static/ path, or a page's clean path), undefined for a file
 * Vercel does not serve as it is: the 404 pages, served only by the miss routes.
 */
function cleanPathOf(path: string): string | undefined {
  if (!path.endsWith('.html')) return path;
  if (path.endsWith('/404.html')) return undefined;
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path.slice(0, -'.html'.length);
}

/** What each host serves and its locales' 404 pages, for the middleware's 404 answer (src/edge/site-files.ts). */
function siteFilesOf(hosts: readonly VercelHost[], site: HostedSite): SiteFiles {
  const files: SiteFiles = { fallbackHost: hosts[0]!.key, served: {}, notFound: {} };
  for (const host of hosts) {
    const inFolder = site.files.filter((f) => f.path.startsWith(`${host.folder}/`));
    const paths = inFolder.flatMap((f) => {
      const clean = cleanPathOf(f.path);
      const path = clean === undefined ? undefined : clean === host.folder ? '/' : clean.slice(host.folder.length);
      return path === undefined || isSearchPath(path) ? [] : [path];
    });
    files.served[host.key] = encodeServedPaths(paths);
    files.notFound[host.key] = Object.fromEntries(host.notFoundPrefixes.flatMap((prefix) => {
      const page = site.notFoundPages.get(`${host.folder}${prefix}/404.html`);
      return page === undefined ? [] : [[prefix, page]];
    }));
  }
  return files;
}

/** The Vercel middleware with the deployment's files where its bundle holds SITE_FILES_PLACEHOLDER. */
function withSiteFiles(middleware: Uint8Array, files: SiteFiles): Uint8Array {
  const code = new TextDecoder().decode(middleware);
  const placeholder = JSON.stringify(SITE_FILES_PLACEHOLDER);
  if (code.split(placeholder).length !== 2) throw new Error('the Vercel middleware bundle does not hold its site-files placeholder exactly once');
  return new TextEncoder().encode(code.replace(placeholder, () => JSON.stringify(JSON.stringify(files))));
}
