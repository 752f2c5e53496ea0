import { prepareEdge, routeRequest, type PreparedEdge } from '../edge/route-request.js';
import type { CheckCode } from '../errors/catalogue.js';
import { positionAt, type CheckInput, type Finding, type SitePage } from './finding.js';
import { decodeOrKeep } from '../format/percent-decode.js';
import { decodeEntities } from './html/scan-tags.js';
import { sitePages, urlPathOf } from './site-pages.js';

export interface ExternalLink {
  url: string;
  /** How many links point to it, and where the first one is. */
  pages: number;
  firstPage: string;
  file: string;
  line: number;
  column: number;
}

export interface LinkCheckResult {
  findings: Finding[];
  /** External links are listed, not fetched. */
  external: ExternalLink[];
  /** Internal links and assets checked. */
  checked: number;
}

/**
 * Every internal link, asset and anchor of every page resolves on its host, following the edge's
 * redirects exactly as the middleware would (src/edge/route-request.ts):
 * - link-broken (error): the target is neither an emitted file nor a page after redirects;
 * - link-redirects (warning): the link works only through a redirect; link to where it lands;
 * - anchor-missing (error): `#id` names no element of the target page.
 * Links on other hosts of the site are checked on that host; other origins are listed as external.
 * A same-document reference (`#main`, `#`) is the page it is on, whatever URL serves it: the 404
 * pages answer every unknown path, and their own file path is no page.
 */
export function checkLinks(input: CheckInput): LinkCheckResult {
  const edge = prepareEdge(input.edge);
  const pages = sitePages(input);
  const pageByUrl = new Map(pages.map((p) => [p.url, p]));
  const idsOf = memoIds();
  const hostDirs = new Map(Object.entries(input.edge.origins).map(([key, origin]) => [key, new URL(origin).host]));
  const external = new Map<string, ExternalLink>();
  const findings: Finding[] = [];
  const verdicts = new Map<string, Verdict>();
  let checked = 0;

  for (const page of pages) {
    for (const link of linksOf(page.html)) {
      if (link.value.startsWith('#')) {
        checked++;
        const id = decodeOrKeep(decodeEntities(link.value).slice(1));
        if (id !== '' && !idsOf(page).has(id)) findings.push(at(page, link, new URL(link.value, page.url), 'error', 'CHECK_ANCHOR_MISSING', `href="${link.value}": ${page.url} has no element with id "${id}"`));
        continue;
      }
      let url: URL;
      try {
        url = new URL(decodeEntities(link.value), page.url);
      } catch {
        findings.push(at(page, link, undefined, 'error', 'CHECK_LINK_BROKEN', `"${link.value}" is not a valid URL`));
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue; // mailto:, tel:
      if (!edge.allowedOrigins.has(url.origin) || !edge.hostByName.has(url.hostname)) {
        if (url.origin !== new URL(page.url).origin) {
          const known = external.get(url.href) ?? { url: url.href, pages: 0, firstPage: page.url, file: page.file, ...positionAt(page.html, link.offset) };
          known.pages++;
          external.set(url.href, known);
          continue;
        }
      }
      checked++;
      const key = `${url.origin}${url.pathname}`;
      let verdict = verdicts.get(key);
      if (!verdict) verdicts.set(key, (verdict = resolveTarget(edge, input.files, hostDirs, pageByUrl, url)));
      if (verdict.kind === 'missing') {
        findings.push(at(page, link, url, 'error', 'CHECK_LINK_BROKEN', `${link.attribute}="${link.value}": ${verdict.reason}`));
        continue;
      }
      if (verdict.kind === 'redirect' && link.attribute === 'href') {
        findings.push(at(page, link, url, 'warning', 'CHECK_LINK_REDIRECTS', `href="${link.value}" is redirected to ${verdict.location}; link there directly`));
      }
      if (url.hash.length > 1 && verdict.page) {
        const id = decodeOrKeep(url.hash.slice(1));
        if (!idsOf(verdict.page).has(id)) findings.push(at(page, link, url, 'error', 'CHECK_ANCHOR_MISSING', `href="${link.value}": ${verdict.page.url} has no element with id "${id}"`));
      }
    }
  }
  return { findings, external: [...external.values()].sort((a, b) => a.url.localeCompare(b.url)), checked };
}

type Verdict =
  | { kind: 'ok'; page?: SitePage }
  | { kind: 'redirect'; location: string; page?: SitePage }
  | { kind: 'missing'; reason: string };

/** Up to 8 hops, as the edge allows: a file or page at the end is fine, anything else is broken. */
function resolveTarget(edge: PreparedEdge, files: ReadonlyMap<string, Uint8Array>, hostDirs: Map<string, string>, pageByUrl: Map<string, SitePage>, start: URL): Verdict {
  let url = new URL(start.href);
  url.hash = '';
  url.search = '';
  let firstLocation: string | undefined;
  for (let hop = 0; hop < 8; hop++) {
    const page = pageByUrl.get(`${url.origin}${url.pathname}`);
    if (page && !page.notFound && hop === 0) return { kind: 'ok', page };
    const decision = routeRequest(edge, { host: url.hostname, pathname: url.pathname, search: '' });
    if (decision.action === 'redirect') {
      firstLocation ??= decision.location;
      const next = new URL(decision.location, url);
      if (!edge.hostByName.has(next.hostname)) return { kind: 'redirect', location: firstLocation }; // e.g. the Russian blog
      url = next;
      continue;
    }
    if (decision.action === 'reject') return { kind: 'missing', reason: `the edge answers ${decision.status}` };
    if (page && !page.notFound) return firstLocation ? { kind: 'redirect', location: firstLocation, page } : { kind: 'ok', page };
    const dir = hostDirs.get(edge.hostByName.get(url.hostname)!)!;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return { kind: 'missing', reason: 'invalid percent-encoding' };
    }
    if (files.has(`${dir}${path}`) && !path.endsWith('/')) return firstLocation ? { kind: 'redirect', location: firstLocation } : { kind: 'ok' };
    return { kind: 'missing', reason: firstLocation ? `redirected to ${firstLocation}, which is not a page or file` : `no page or file at ${url.origin}${urlPathOf(path)}` };
  }
  return { kind: 'missing', reason: 'the redirects do not settle' };
}

interface FoundLink {
  attribute: 'href' | 'src' | 'srcset';
  value: string;
  offset: number;
}

/**
 * href, src and each srcset candidate outside <script> blocks (JSON-LD and the runtime
 * configuration hold URLs too).
 */
function linksOf(html: string): FoundLink[] {
  const found: FoundLink[] = [];
  const scripts: [number, number][] = [];
  for (const m of html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/gi)) scripts.push([m.index, m.index + m[0].length]);
  const inScript = (offset: number) => scripts.some(([s, e]) => offset >= s && offset < e);
  for (const tag of html.matchAll(/<(a|link|img|script|source|iframe|use)\b[^>]*>/gi)) {
    const name = tag[1]!.toLowerCase();
    if (inScript(tag.index) && name !== 'script') continue;
    for (const m of tag[0].matchAll(/\s(href|src|srcset)="([^"]*)"/gi)) {
      const attribute = m[1]!.toLowerCase() as FoundLink['attribute'];
      const start = tag.index + m.index + m[0].length - m[2]!.length - 1;
      for (const { value, offset } of attribute === 'srcset' ? srcsetUrls(m[2]!, start) : [{ value: m[2]!, offset: start }]) {
        if (value === '' || value.startsWith('data:')) continue;
        // Sprite references (<use href="/assets/icons.svg#name">) are files with a fragment, not page anchors.
        found.push({ attribute, value: name === 'use' ? value.replace(/#.*$/, '') : value, offset });
      }
    }
  }
  return found;
}

/** The URL of each candidate of a srcset ("a.avif 1x, b.avif 2x"), with its offset. */
function srcsetUrls(srcset: string, start: number): { value: string; offset: number }[] {
  return [...srcset.matchAll(/(?:^|,)\s*([^\s,]+)/g)].map((m) => ({ value: m[1]!, offset: start + m.index + m[0].length - m[1]!.length }));
}

function memoIds(): (page: SitePage) => Set<string> {
  const cache = new Map<string, Set<string>>();
  return (page) => {
    let ids = cache.get(page.file);
    if (!ids) cache.set(page.file, (ids = new Set([...page.html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)))));
    return ids;
  };
}


function at(page: SitePage, link: FoundLink, url: URL | undefined, severity: Finding['severity'], code: CheckCode, message: string): Finding {
  return { code, severity, file: page.file, ...positionAt(page.html, link.offset), message, ...(url ? { target: url.href } : {}) };
}
