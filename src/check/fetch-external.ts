import { mapConcurrent } from '../fs/map-concurrent.js';
import type { Finding } from './finding.js';
import type { ExternalLink } from './link-checks.js';

export interface FetchExternalOptions {
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Per-request time-out in ms (default 10 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * `sitegen check --external`: each external link is requested (HEAD, then GET where HEAD is not
 * allowed), a few at a time and each with a time-out, and reported where it is first linked:
 * - external-broken (error): the server answers 404 or 410;
 * - external-unreachable (warning): another 4xx/5xx answer, a network error or the time-out;
 *   these are often passing trouble or bot protection, so they do not fail a build.
 */
export async function fetchExternalLinks(links: readonly ExternalLink[], options: FetchExternalOptions = {}): Promise<Finding[]> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const results = await mapConcurrent(links, options.concurrency ?? 8, (link) => probe(link, doFetch, timeoutMs));
  return results.filter((f): f is Finding => !!f);
}

async function probe(link: ExternalLink, doFetch: typeof fetch, timeoutMs: number): Promise<Finding | undefined> {
  const at = { file: link.file, line: link.line, column: link.column };
  const request = async (method: 'HEAD' | 'GET') => {
    const response = await doFetch(link.url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  };
  let status: number;
  try {
    status = await request('HEAD');
    if (status === 405 || status === 501) status = await request('GET');
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    return { code: 'CHECK_EXTERNAL_UNREACHABLE', severity: 'warning', ...at, message: `${link.url}: ${reason} (linked from ${link.pages} place(s))` };
  }
  if (status === 404 || status === 410) return { code: 'CHECK_EXTERNAL_BROKEN', severity: 'error', ...at, message: `${link.url} answers ${status} (linked from ${link.pages} place(s)); fix or remove the link` };
  if (status >= 400) return { code: 'CHECK_EXTERNAL_UNREACHABLE', severity: 'warning', ...at, message: `${link.url} answers ${status} (linked from ${link.pages} place(s))` };
  return undefined;
}
