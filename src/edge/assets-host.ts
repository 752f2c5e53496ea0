import { localeOfPath, type HostKey } from '../model/locale-table.js';
import { isHostConfigPath } from '../model/host-config-files.js';
import type { Middleware } from './middleware.js';
import { parseRequestPath } from './request-path.js';

/** A host's static file server (Cloudflare Pages' env.ASSETS.fetch). */
export type Assets = (request: Request) => Promise<Response>;

/**
 * The middleware in front of a static file server that applies the host's own rules after it
 * (Cloudflare Pages applies `_redirects` and its .html redirects inside env.ASSETS). Once the
 * middleware has let a request through, nothing may redirect it any more: a path the edge refused
 * (a backslash, an encoded slash) would otherwise meet a fallback splat rule. Such answers, and the
 * host's configuration files, become the 404 page of the path's locale with status 404.
 */
export function withAssets(host: HostKey, middleware: Middleware, assets: Assets): (request: Request) => Promise<Response> {
  return async (request) => {
    const answer = await middleware(request);
    if (answer) return answer;
    const url = new URL(request.url);
    // A path the edge refused (NUL, an encoded slash, bad percent-encoding) or a configuration file
    // (also spelt %5Fredirects) is never looked up: it cannot be a page.
    const parsed = parseRequestPath(url.pathname);
    if (parsed.ok && !isHostConfigPath(parsed.segments)) {
      const response = await assets(request);
      if (response.status < 300 || response.status >= 400) return response;
    }
    // The 404 page by its clean URL (/vn/404): Pages answers /vn/404.html with a redirect.
    const page = await assets(new Request(new URL(`${localeOfPath(host, url.pathname).prefix}/404`, url)));
    return new Response(page.body, { status: 404, headers: page.headers });
  };
}
