import { localeOfPath, type HostKey } from '../model/locale-table.js';
import { isHostConfigPath } from '../model/host-config-files.js';
import type { Middleware } from './middleware.js';
import { notFoundResponse } from './not-found-page.js';
import { parseRequestPath } from './request-path.js';

/** A host's static file server (Cloudflare Pages' env.ASSETS.fetch). */
export type Assets = (request: Request) => Promise<Response>;

/**
 * The middleware in front of a static file server that applies the host's own rules after it
 * (Cloudflare Pages applies `_redirects` and its .html redirects inside env.ASSETS). Once the
 * middleware has let a request through, nothing may redirect it any more: a path the edge refused
 * (a backslash, an encoded slash) would otherwise meet a fallback splat rule. Such answers, the
 * host's configuration files and the asset server's own 404s become the 404 page of the path's
 * locale with status 404 and the path asked for in it (not-found-page.ts).
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
      // A redirect after the middleware let the request through, or a miss: the 404 page. Anything
      // else (a file, 304 Not Modified, 405) is the asset server's answer.
      if (!isRedirect(response.status) && response.status !== 404) return response;
    }
    // The 404 page by its clean URL (/vn/404): Pages answers /vn/404.html with a redirect.
    const page = await assets(new Request(new URL(`${localeOfPath(host, url.pathname).prefix}/404`, url)));
    return notFoundResponse(page, url.pathname);
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}
