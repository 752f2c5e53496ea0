import { COOKIE } from '../../../src/model/browser-contract.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';
import { hostKeyOf } from './hostnames.js';
import { header, type RawResponse } from './raw-http.js';
import { cookieSetBy } from './safety.js';
import type { HostKey, HostRequest, RunningTarget } from './target.js';

export interface Visit {
  first: RawResponse;
  /** Redirects followed on the site's own hosts until a page, a 404 or another site. */
  hops: number;
  last: RawResponse;
  /** Where the last answer came from, or the off-site URL the visit ended at. */
  end: { host: HostKey; path: string } | { url: string };
  /** myLocale values the answers stored, per host. */
  cookies: Partial<Record<HostKey, string>>;
}

const MAX_HOPS = 10;

/**
 * A browser's visit: the first request, then each Location resolved with the WHATWG URL parser and
 * followed while it stays on the site's hosts, with the cookies the answers set sent back.
 */
export async function visit(target: RunningTarget, start: HostRequest): Promise<Visit> {
  const cookies: Partial<Record<HostKey, string>> = {};
  let request = start;
  let first: RawResponse | undefined;
  for (let hops = 0; ; hops++) {
    const response = await target.request(request);
    first ??= response;
    const stored = cookieSetBy(response);
    if (stored !== undefined) cookies[request.host] = stored;
    const location = header(response, 'location');
    if (response.status < 300 || response.status >= 400 || location === undefined || hops === MAX_HOPS) {
      return { first, hops, last: response, end: { host: request.host, path: request.path }, cookies };
    }
    const next = new URL(location, `https://${HOSTNAMES[request.host]}${request.path}`);
    const host = hostKeyOf(next.hostname);
    if (host === undefined) return { first, hops: hops + 1, last: response, end: { url: next.href }, cookies };
    const cookie = cookies[host] !== undefined ? `${COOKIE.locale}=${cookies[host]}` : host === start.host ? start.headers?.cookie : undefined;
    const headers: Record<string, string> = {};
    if (cookie !== undefined) headers.cookie = cookie;
    if (start.headers?.['accept-language'] !== undefined) headers['accept-language'] = start.headers['accept-language'];
    request = { host, path: `${next.pathname}${next.search}`, headers };
  }
}

/** The request path a browser sends for a URL as typed: parsed by the WHATWG URL parser. */
export function asBrowserSends(path: string): string {
  const url = new URL(`https://site.invalid${path}`);
  return `${url.pathname}${url.search}`;
}
