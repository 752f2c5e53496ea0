import { prepareEdge, routeRequest, type PreparedEdge } from '../edge/route-request.js';
import type { CheckInput, Finding } from './finding.js';
import { sitePages } from './site-pages.js';

/** A legacy address that must keep working, from the legacy-URL list (README "sitegen check"). */
export interface LegacyUrl {
  url: string;
  /** Where it is listed, for the finding's position. */
  file: string;
  line: number;
  column: number;
}

export interface RedirectSummary {
  /** Declared redirects (content aliases and redirects.yaml), per host. */
  declared: number;
  /** Built-in rule families of the edge document. */
  languageHosts: number;
  legacySections: number;
  russianBlogArticles: number;
  /** Most redirects any declared source or legacy URL goes through before a page: 1 when all is well. */
  longestChain: number;
  legacyChecked: number;
}

/**
 * The redirect graph as visitors meet it: every declared redirect source and every legacy URL is
 * requested from the edge the way a browser would, following each Location:
 * - redirect-chain (error): more than one redirect before the page;
 * - redirect-broken (error): it ends on no page (404) or loops;
 * - legacy-url (error): a listed legacy URL does not land on a page in one hop.
 */
export function checkRedirects(input: CheckInput, legacy: readonly LegacyUrl[] = []): { findings: Finding[]; summary: RedirectSummary } {
  const edge = prepareEdge(input.edge);
  const pageUrls = new Set(sitePages(input).filter((p) => !p.notFound).map((p) => p.url));
  const findings: Finding[] = [];
  let longestChain = 0;
  const follow = (start: string) => {
    const hops = walk(edge, pageUrls, start);
    longestChain = Math.max(longestChain, hops.redirects);
    return hops;
  };
  for (const [host, table] of Object.entries(input.edge.redirects)) {
    const origin = input.edge.origins[host]!;
    for (const from of Object.keys(table)) {
      const result = follow(`${origin}${from}`);
      if (result.end !== 'page' && result.end !== 'outside') findings.push({ code: 'CHECK_REDIRECT_BROKEN', severity: 'error', file: 'edge-config.json', message: `${origin}${from} ${describe(result)}` });
      else if (result.redirects > 1) findings.push({ code: 'CHECK_REDIRECT_CHAIN', severity: 'error', file: 'edge-config.json', message: `${origin}${from} takes ${result.redirects} redirects: ${result.trail.join(' → ')}` });
    }
  }
  for (const item of legacy) {
    const result = follow(item.url);
    if ((result.end !== 'page' && result.end !== 'outside') || result.redirects > 1) {
      findings.push({ code: 'CHECK_LEGACY_URL', severity: 'error', file: item.file, line: item.line, column: item.column, message: `${item.url} ${describe(result)}; it must reach a page in at most one redirect` });
    }
  }
  const summary: RedirectSummary = {
    declared: Object.values(input.edge.redirects).reduce((n, t) => n + Object.keys(t).length, 0),
    languageHosts: Object.keys(input.edge.languageHosts).length,
    legacySections: Object.keys(input.edge.sections).length,
    russianBlogArticles: Object.keys(input.edge.russianBlog.lookup).length,
    longestChain,
    legacyChecked: legacy.length,
  };
  return { findings, summary };
}

interface Walk {
  end: 'page' | 'outside' | 'missing' | 'loop';
  redirects: number;
  trail: string[];
}

function walk(edge: PreparedEdge, pageUrls: Set<string>, start: string): Walk {
  const trail = [start];
  let url = new URL(start);
  for (let redirects = 0; redirects <= 8; redirects++) {
    if (!edge.hostByName.has(url.hostname)) return { end: 'outside', redirects, trail };
    const decision = routeRequest(edge, { host: url.hostname, pathname: url.pathname, search: url.search });
    if (decision.action !== 'redirect') {
      return { end: pageUrls.has(`${url.origin}${url.pathname}`) ? 'page' : 'missing', redirects, trail };
    }
    url = new URL(decision.location, url);
    if (trail.includes(url.href)) return { end: 'loop', redirects: redirects + 1, trail: [...trail, url.href] };
    trail.push(url.href);
  }
  return { end: 'loop', redirects: 9, trail };
}

function describe(walk: Walk): string {
  if (walk.end === 'missing') return walk.redirects ? `is redirected to ${walk.trail.at(-1)}, which is not a page` : 'is not a page and is not redirected';
  if (walk.end === 'loop') return `loops: ${walk.trail.join(' → ')}`;
  return `takes ${walk.redirects} redirects: ${walk.trail.join(' → ')}`;
}
