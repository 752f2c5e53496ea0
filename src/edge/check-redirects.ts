import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { Page } from '../model/page.js';
import type { EdgeConfig } from '../model/edge-config.js';
import type { RedirectSource } from './redirect-sources.js';
import { joinPath, parseRequestPath } from './request-path.js';
import { placeKey, prepareEdge, resolvePlace, MAX_STEPS, type Place, type Resolution } from './route-request.js';

export interface CheckedRedirects {
  /** host key → source path → final target (flattened to one hop where it ends on a page). */
  redirects: EdgeConfig['redirects'];
  diagnostics: Diagnostic[];
}

/**
 * The whole redirect graph, walked with the edge's own engine: every declared redirect must start
 * off a page, end on a page (or the Russian blog) without a loop, and every page must be reachable
 * (no built-in rule sends its URL elsewhere). Targets are flattened so the edge answers in one hop.
 */
export function checkRedirects(rules: EdgeConfig, sources: readonly RedirectSource[], pages: readonly Page[]): CheckedRedirects {
  const diagnostics: Diagnostic[] = [];
  const pageSet = new Set(pages.map((p) => `${p.host} ${p.path}`));
  const { allowedOrigins } = prepareEdge(rules);
  const declared: EdgeConfig['redirects'] = {};
  const accepted: (RedirectSource & { key: string })[] = [];

  for (const source of sources) {
    const parsed = parseRequestPath(source.from);
    if (!parsed.ok) {
      diagnostics.push(diagnostic('REDIRECT_INVALID', `redirect source ${JSON.stringify(source.from)} is not a path a visitor can request`, source.place));
      continue;
    }
    const key = joinPath(parsed.segments);
    if (pageSet.has(`${source.host} ${key}`)) {
      diagnostics.push(diagnostic('REDIRECT_SHADOWS_PAGE', `redirect from ${key} would hide the page at that address on the ${source.host} host`, source.place));
      continue;
    }
    if (!source.to.startsWith('/') && !allowedOrigins.has(originOf(source.to))) {
      diagnostics.push(diagnostic('REDIRECT_TARGET_EXTERNAL', `redirect from ${key} goes to ${source.to}, which is not on the site's hosts or the Russian blog`, source.place));
      continue;
    }
    const table = (declared[source.host] ??= {});
    if (Object.hasOwn(table, key)) {
      diagnostics.push(diagnostic('REDIRECT_DUPLICATE', `${key} on the ${source.host} host is redirected twice (to ${table[key]} and to ${source.to})`, source.place));
      continue;
    }
    table[key] = source.to;
    accepted.push({ ...source, key });
  }

  const edge = prepareEdge({ ...rules, redirects: declared });
  const redirects: EdgeConfig['redirects'] = {};
  for (const source of accepted) {
    const start: Place = { host: source.host, segments: source.key.split('/').filter(Boolean) };
    const resolution = resolvePlace(edge, start);
    const problem = problemOf(resolution, pageSet);
    if (problem) {
      diagnostics.push(diagnostic(problem.code, `redirect from ${source.key}: ${problem.message}`, source.place));
      continue;
    }
    (redirects[source.host] ??= {})[source.key] = flattened(rules, source, resolution);
  }

  for (const page of pages) {
    const resolution = resolvePlace(edge, { host: page.host, segments: page.path.split('/').filter(Boolean) });
    if (resolution.kind === 'page' && resolution.steps === 0) continue;
    diagnostics.push(diagnostic('PAGE_REDIRECTED', `${page.url} is never served: the edge sends it to ${describeEnd(rules, resolution)}`, { file: page.entry?.file }));
  }
  return { redirects: sortTables(redirects), diagnostics };
}

function problemOf(resolution: Resolution, pageSet: Set<string>): { code: 'REDIRECT_LOOP' | 'REDIRECT_CHAIN' | 'REDIRECT_TARGET_MISSING'; message: string } | undefined {
  if (resolution.kind === 'loop') {
    const trail = resolution.trail.map(placeKey).join(' → ');
    return resolution.repeated
      ? { code: 'REDIRECT_LOOP', message: `it loops: ${trail}` }
      : { code: 'REDIRECT_CHAIN', message: `it does not settle within ${MAX_STEPS} steps: ${trail}` };
  }
  if (resolution.kind === 'page' && !pageSet.has(placeKey(resolution.at))) {
    return { code: 'REDIRECT_TARGET_MISSING', message: `it ends at ${joinPath(resolution.at.segments)} on the ${resolution.at.host} host, which is not a page` };
  }
  return undefined;
}

/** The final page as the stored target: a path on the same host, else an absolute URL. */
function flattened(rules: EdgeConfig, source: RedirectSource, resolution: Resolution): string {
  if (resolution.kind !== 'page') return source.to;
  const path = joinPath(resolution.at.segments);
  return resolution.at.host === source.host ? path : `${rules.origins[resolution.at.host]}${path}`;
}

function describeEnd(rules: EdgeConfig, resolution: Resolution): string {
  if (resolution.kind === 'page') return `${rules.origins[resolution.at.host]}${joinPath(resolution.at.segments)}`;
  if (resolution.kind === 'external') return resolution.url;
  return resolution.trail.map(placeKey).join(' → ');
}

function sortTables(tables: EdgeConfig['redirects']): EdgeConfig['redirects'] {
  return Object.fromEntries(Object.keys(tables).sort().map((host) => [host, Object.fromEntries(Object.entries(tables[host]!).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))]));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
