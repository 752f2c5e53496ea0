import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HOST_KEYS } from '../../../src/model/locale-table.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';
import { loadEdgeFunction, type EdgeFunction } from '../../helpers/edge-function.js';
import { hostKeyOf } from './hostnames.js';
import { headerPairs, requestHeaders, startHttpFront, type Answer } from './http-front.js';
import { findStaticFile } from './static-folder.js';
import type { HostKey, RunningTarget } from './target.js';

interface RedirectMatch { to: string; status: number }
interface Matcher { match(request: { scheme: string; host: string; path: string; query: string; getHeader: () => string; getCookie: () => string }): RedirectMatch | null }
const redirector = createRequire(import.meta.url)('netlify-redirector') as { parsePlain(rules: string, options: object): Promise<Matcher> };

/**
 * Netlify, one site per host: the edge function sitegen writes (netlify/<host>/edge-functions/
 * sitegen.js) inside edge-runtime, then the published folder, then `_redirects` through Netlify's
 * own matcher (netlify-redirector, which netlify-cli uses), whose rules apply only where no file
 * matches; 404 rules serve their page with 404. The function's `context.next()` is that static
 * answer, as on Netlify. `withFunction: false` is the `_redirects` fallback alone.
 */
export async function startNetlify(dir: string, options: { withFunction: boolean }): Promise<RunningTarget> {
  const sites = Object.fromEntries(await Promise.all(HOST_KEYS.map(async (host) => [host, await siteOf(dir, host, options.withFunction)] as const))) as Record<HostKey, Site>;
  return startHttpFront(options.withFunction ? 'netlify' : 'netlify-static', async (url, req) => {
    const parsed = new URL(url);
    // A Netlify site answers its own domains; the test sends other Host headers to the main site.
    const host = hostKeyOf(parsed.hostname) ?? 'main';
    const site = sites[host];
    if (site.edge) {
      const response = await site.edge(url, { method: req.method ?? 'GET', headers: requestHeaders(req) });
      if (response) return { status: response.status, headers: headerPairs(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
    }
    return serveStatic(site, parsed);
  });
}

interface Site { folder: string; edge?: EdgeFunction; rules: Matcher; hostname: string }

async function siteOf(dir: string, host: HostKey, withFunction: boolean): Promise<Site> {
  const folder = join(dir, HOSTNAMES[host]);
  const rules = await redirector.parsePlain(readFileSync(join(folder, '_redirects'), 'utf8'), {});
  const site: Site = { folder, rules, hostname: HOSTNAMES[host] };
  if (withFunction) site.edge = await loadEdgeFunction(readFileSync(join(dir, 'netlify', HOSTNAMES[host], 'edge-functions/sitegen.js')), () => false, async (url) => serveStatic(site, new URL(url)));
  return site;
}

function serveStatic(site: Site, url: URL): Answer {
  const file = findStaticFile(site.folder, url.pathname);
  if (file) return { status: 200, headers: [['content-type', file.type]], body: file.bytes };
  const match = site.rules.match({ scheme: 'https', host: site.hostname, path: url.pathname, query: url.search.slice(1), getHeader: () => '', getCookie: () => '' });
  if (match && match.status >= 300 && match.status < 400) {
    // Netlify passes the visitor's query on to the target.
    const query = url.search ? `${match.to.includes('?') ? '&' : '?'}${url.search.slice(1)}` : '';
    return { status: match.status, headers: [['location', `${match.to}${query}`]] };
  }
  const page = match ? findStaticFile(site.folder, match.to) : undefined;
  if (match && page) return { status: match.status, headers: [['content-type', page.type]], body: page.bytes };
  const root404 = findStaticFile(site.folder, '/404.html');
  return { status: 404, headers: [['content-type', 'text/html; charset=utf-8']], body: root404?.bytes ?? 'Not Found' };
}
