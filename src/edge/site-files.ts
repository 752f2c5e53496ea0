import { fromBase64, toBase64 } from '../format/base64.js';
import type { EdgeConfig } from '../model/edge-config.js';
import { localeOfPath, type HostKey } from '../model/locale-table.js';
import { fillNotFoundPage } from './not-found-page.js';
import { joinPath, parseRequestPath } from './request-path.js';
import { SEARCH_BUNDLE } from '../model/browser-contract.js';

/**
 * What a middleware needs to answer a 404 itself where it cannot see the host's own file lookup
 * (Vercel: the middleware runs before the files, and a miss is served by a route, never by code).
 * Written at build time into the Vercel bundle (src/hosting/vercel-output.ts), not into the edge
 * document: which files a deployment holds changes only with a deployment.
 */
export interface SiteFiles {
  /** Host key of the folder a hostname that is none of the hosts' is served from. */
  fallbackHost: string;
  /** Per host key: every path the host serves, as the sorted pathHash values, base64 of big-endian uint32s. */
  served: Record<string, string>;
  /** Per host key: the 404 page of each of its locale roots, by prefix ('' = the host's root). */
  notFound: Record<string, Record<string, string>>;
}

/**
 * The string the Vercel bundle holds in place of its SiteFiles until the hosting stage, which knows
 * the deployment's files, puts them in (as JSON in a string literal).
 */
export const SITE_FILES_PLACEHOLDER = '__sitegen_site_files__';

/**
 * 32-bit FNV-1a over the UTF-16 code units of a decoded path (/vn/blog/x). Two paths of one host
 * sharing a hash (about one pair in 10^6 for a thousand files) only make the edge let a missing
 * path through to the host's static 404 page, which then shows no path: never a wrong page.
 */
export function pathHash(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The `served` value of a host's paths. */
export function encodeServedPaths(paths: Iterable<string>): string {
  const hashes = Uint32Array.from(new Set([...paths].map(pathHash))).sort();
  const bytes = new Uint8Array(hashes.length * 4);
  const view = new DataView(bytes.buffer);
  hashes.forEach((hash, i) => view.setUint32(i * 4, hash));
  return toBase64(bytes);
}

function decodeServedPaths(base64: string): Uint32Array {
  const bytes = fromBase64(base64);
  const view = new DataView(bytes.buffer);
  return Uint32Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(i * 4));
}

function includes(sorted: Uint32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** The platform's own paths, never the site's: they are left to the platform. */
const PLATFORM_PATH = /^\/(_vercel|\.well-known)(\/|$)/;

/**
 * Whether a host path is a file of the search index (src/search). Those are not listed in `served`
 * (their names change with every content edit, and nobody visits them): they are left to the host,
 * whose miss routes answer its 404 page for a missing one (without the path in it, which no
 * visitor typed).
 */
export const isSearchPath = (path: string) => path.startsWith(`${SEARCH_BUNDLE}/`);

/**
 * For a request the middleware let through: the 404 page of the path's locale with the path in it,
 * when the host serves no file at that path; undefined when it does (the host serves it).
 */
export function notFoundAnswerer(document: EdgeConfig, files: SiteFiles): (request: Request) => Response | undefined {
  const hostByName = new Map(Object.entries(document.origins).map(([key, origin]) => [new URL(origin).hostname, key]));
  const served = new Map(Object.entries(files.served).map(([key, base64]) => [key, decodeServedPaths(base64)]));
  return (request) => {
    const url = new URL(request.url);
    if (PLATFORM_PATH.test(url.pathname) || isSearchPath(url.pathname)) return undefined;
    const host = hostByName.get(url.hostname.toLowerCase()) ?? files.fallbackHost;
    const parsed = parseRequestPath(url.pathname);
    const paths = served.get(host);
    if (!paths || (parsed.ok && includes(paths, pathHash(joinPath(parsed.segments))))) return undefined;
    const page = files.notFound[host]?.[localeOfPath(host as HostKey, url.pathname).prefix];
    if (page === undefined) return undefined;
    return new Response(fillNotFoundPage(page, url.pathname), { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
  };
}
