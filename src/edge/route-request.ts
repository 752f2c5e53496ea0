import { detectLocale } from './detect-locale.js';
import type { EdgeConfig } from '../model/edge-config.js';
import { pageFilterTest, pageKey } from './page-filter.js';
import { formatPath, joinPath, parseRequestPath } from './request-path.js';

/**
 * The redirect engine: a pure function of the edge document and a request. Rules are applied to a
 * (host, path) pair until none applies, and the visitor gets ONE redirect to the end of that walk,
 * so `//Pricing.html/` → `/pricing` and `/ru/blog/x` → the Russian blog article never chain.
 * The builder runs the same walk over every redirect source and page, so what the build proves is
 * what the edge does.
 */
export interface EdgeRequest {
  /** Hostname the request was made to (no port). */
  host: string;
  /** The host key a per-host deployment serves: it decides, whatever the hostname. */
  hostKey?: string;
  /** URL pathname as the WHATWG URL parser gives it (backslashes already slashes). */
  pathname: string;
  /** '?…' or '', passed through byte for byte. */
  search: string;
  cookie?: string | null;
  acceptLanguage?: string | null;
}

export type EdgeDecision =
  | { action: 'pass' }
  /** `locale`: the visitor's explicit choice, to be stored in the locale cookie with this answer. */
  | { action: 'redirect'; status: 301 | 302; location: string; vary?: string; locale?: string }
  | { action: 'reject'; status: 414 };

export interface Place {
  host: string;
  segments: string[];
}

export type Resolution =
  /** `locale`: the language prefix (/en, /zh, /ru) the walk went through, an explicit choice. */
  | { kind: 'page'; at: Place; steps: number; locale?: string }
  | { kind: 'external'; url: string; category?: string; steps: number }
  /** The walk came back to a place (repeated) or ran past MAX_STEPS without settling. */
  | { kind: 'loop'; trail: Place[]; repeated: boolean };

/** More steps than any rule set needs: the walk stops here and the build reports a loop. */
export const MAX_STEPS = 8;

export interface PreparedEdge {
  doc: EdgeConfig;
  hostByName: Map<string, string>;
  allowedOrigins: Set<string>;
  prefixesByHost: Map<string, Set<string>>;
  localeCodes: Set<string>;
  hasPage: (host: string, path: string) => boolean;
}

const prepared = new WeakMap<EdgeConfig, PreparedEdge>();

/** Lookup structures for a document, built once per document object. */
export function prepareEdge(doc: EdgeConfig): PreparedEdge {
  let edge = prepared.get(doc);
  if (edge) return edge;
  const test = pageFilterTest(doc.pages);
  const prefixesByHost = new Map<string, Set<string>>();
  for (const [, host, prefix] of doc.locales) {
    if (!prefix) continue;
    if (!prefixesByHost.has(host)) prefixesByHost.set(host, new Set());
    prefixesByHost.get(host)!.add(prefix);
  }
  edge = {
    doc,
    hostByName: new Map(Object.entries(doc.origins).map(([key, origin]) => [new URL(origin).hostname, key])),
    allowedOrigins: new Set([...Object.values(doc.origins), doc.russianBlog.origin]),
    prefixesByHost,
    localeCodes: new Set(doc.locales.map(([code]) => code)),
    hasPage: (host, path) => test(pageKey(host, path)),
  };
  prepared.set(doc, edge);
  return edge;
}

export function routeRequest(edge: PreparedEdge, request: EdgeRequest): EdgeDecision {
  const host = request.hostKey ?? edge.hostByName.get(request.host.toLowerCase());
  if (host === undefined || !Object.hasOwn(edge.doc.origins, host)) return { action: 'pass' };
  if (request.pathname.length > edge.doc.maxPathLength) return { action: 'reject', status: 414 };
  const parsed = parseRequestPath(request.pathname);
  if (!parsed.ok) return { action: 'pass' };

  const resolution = resolvePlace(edge, { host, segments: parsed.segments });
  if (resolution.kind === 'loop') return { action: 'pass' };
  const choice = takeChoice(edge, request.search);
  const search = choice ? choice.search : request.search;
  if (resolution.kind === 'external') return redirect(edge, 301, externalLocation(resolution, search));

  const { doc } = edge;
  const atDetectionRoot = resolution.at.host === doc.detect.host && resolution.at.segments.length === 0;
  // The visitor's explicit choice: a switcher link from another host (?myLocale=xx), else a
  // language prefix in the URL (/en). Detection never undoes it: it goes into the cookie.
  const chosen = choice?.locale ?? (atDetectionRoot ? resolution.locale : undefined);
  if (chosen !== undefined) {
    const target = atDetectionRoot ? homeOf(edge, chosen) : resolution.at;
    // A cookie can only be set for the host answering. The host that detects gets the choice in
    // its URL when the walk leads there from another host; no other host reads the cookie.
    const carry = target.host !== host && target.host === doc.detect.host;
    const location = internalLocation(edge, host, target, carry ? withParam(search, doc.detect.cookie, chosen) : search);
    const keep = host === doc.detect.host || target.host === host;
    return redirect(edge, choice ? 302 : 301, location, undefined, keep ? chosen : undefined);
  }
  if (choice) return redirect(edge, 302, internalLocation(edge, host, resolution.at, search));

  if (parsed.segments.length === 0 && atDetectionRoot) {
    const code = detectLocale(doc.detect, edge.localeCodes, request.cookie, request.acceptLanguage);
    const home = homeOf(edge, code);
    if (home.host !== host || home.segments.length) {
      return redirect(edge, 302, internalLocation(edge, host, home, search), 'Accept-Language, Cookie');
    }
  }
  if (resolution.steps === 0 && !parsed.normalized) return { action: 'pass' };
  return redirect(edge, 301, internalLocation(edge, host, resolution.at, search));
}

/** The home page of a locale: its host's root, or its prefix there. Unknown codes get the fallback's. */
function homeOf(edge: PreparedEdge, code: string): Place {
  const locale = edge.doc.locales.find(([c]) => c === code) ?? edge.doc.locales.find(([c]) => c === edge.doc.detect.fallback)!;
  return { host: locale[1], segments: locale[2] ? [locale[2]] : [] };
}

/**
 * The locale choice a switcher link on another host carries (`?myLocale=en`, named like the
 * cookie). Only a known locale code counts; the parameter is taken out of the query either way,
 * and the rest of the query is kept byte for byte.
 */
function takeChoice(edge: PreparedEdge, search: string): { locale?: string; search: string } | undefined {
  if (search.length < 2) return undefined;
  const name = edge.doc.detect.cookie;
  const parts = search.slice(1).split('&');
  const ours = (part: string) => part === name || part.startsWith(`${name}=`);
  if (!parts.some(ours)) return undefined;
  const values = parts.filter(ours).map((part) => part.slice(name.length + 1));
  const rest = parts.filter((part) => !ours(part));
  // One known code, given once (or repeated alike): anything else is not a choice.
  const locale = values.every((v) => v === values[0]) && edge.localeCodes.has(values[0]!) ? values[0] : undefined;
  return { locale, search: rest.length ? `?${rest.join('&')}` : '' };
}

function withParam(search: string, name: string, value: string): string {
  return `${search ? `${search}&` : '?'}${name}=${value}`;
}

/** Walk the rules from a place until none applies. */
export function resolvePlace(edge: PreparedEdge, start: Place): Resolution {
  const trail = [start];
  const seen = new Set([placeKey(start)]);
  let at = start;
  let locale: string | undefined;
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    const next = applyRule(edge, at);
    if (next === undefined) return locale === undefined ? { kind: 'page', at, steps } : { kind: 'page', at, steps, locale };
    if ('url' in next) return { kind: 'external', ...next, steps: steps + 1 };
    if (next.locale !== undefined) locale = next.locale;
    trail.push(next);
    if (seen.has(placeKey(next))) return { kind: 'loop', trail, repeated: true };
    seen.add(placeKey(next));
    at = next;
  }
  return { kind: 'loop', trail, repeated: false };
}

type RuleResult = (Place & { locale?: string }) | { url: string; category?: string } | undefined;

/** The first rule that applies to a place, in precedence order; undefined when none does. */
function applyRule(edge: PreparedEdge, at: Place): RuleResult {
  const { doc } = edge;
  const path = joinPath(at.segments);
  const explicit = lookup(doc.redirects[at.host], path);
  if (explicit !== undefined) return targetPlace(edge, at.host, explicit);

  const [first, second] = at.segments;
  if (first === undefined) return undefined;
  const languageHost = lookup(doc.languageHosts, first);
  if (languageHost !== undefined) return { host: languageHost, segments: at.segments.slice(1), locale: first };

  const offset = edge.prefixesByHost.get(at.host)?.has(first) ? 1 : 0;
  const legacy = lookup(doc.sections, at.segments[offset] ?? '');
  if (legacy !== undefined) return { host: at.host, segments: at.segments.map((s, i) => (i === offset ? legacy : s)) };

  const blog = doc.russianBlog;
  if (blog.hosts.includes(at.host)) {
    if (blog.sections.includes(first)) {
      const article = at.segments.length === 2 ? lookup(blog.lookup, second!) : undefined;
      return { url: `${blog.origin}${article || '/'}` };
    }
    const category = lookup(blog.categories, first);
    if (category !== undefined) return { url: `${blog.origin}/`, category };
  }

  if (/[A-Z]/.test(path) && !/\.[A-Za-z0-9]+$/.test(at.segments.at(-1) ?? '')) {
    // Fold case only where the lowercase spelling leads somewhere: a page, or another rule. Never
    // for files (hashed asset names are mixed case, and a filter false positive must not touch them).
    const lower = { host: at.host, segments: at.segments.map((s) => s.toLowerCase()) };
    if (edge.hasPage(lower.host, joinPath(lower.segments)) || applyRule(edge, lower) !== undefined) return lower;
  }
  return undefined;
}

function targetPlace(edge: PreparedEdge, host: string, target: string): RuleResult {
  if (target.startsWith('/')) return { host, segments: target.split('/').filter(Boolean) };
  const url = new URL(target);
  const key = edge.hostByName.get(url.hostname);
  if (key !== undefined && edge.doc.origins[key] === url.origin) return { host: key, segments: url.pathname.split('/').filter(Boolean).map(decodeURIComponent) };
  return { url: target };
}

function internalLocation(edge: PreparedEdge, requestHost: string, at: Place, search: string): string {
  const path = formatPath(at.segments);
  return at.host === requestHost ? `${path}${search}` : `${edge.doc.origins[at.host]}${path}${search}`;
}

function externalLocation(resolution: { url: string; category?: string }, search: string): string {
  if (resolution.category === undefined) return `${resolution.url}${search}`;
  const rest = search.length > 1 ? `&${search.slice(1)}` : '';
  return `${resolution.url}?category=${encodeURIComponent(resolution.category)}${rest}`;
}

/**
 * Last line of defence against open redirects: a relative Location must be a single-slash path,
 * an absolute one must be on a configured host or the Russian blog. Anything else is not sent.
 */
function redirect(edge: PreparedEdge, status: 301 | 302, location: string, vary?: string, locale?: string): EdgeDecision {
  if (!isSafeLocation(edge, location)) return { action: 'pass' };
  const decision: EdgeDecision = { action: 'redirect', status, location };
  if (vary !== undefined) decision.vary = vary;
  if (locale !== undefined) decision.locale = locale;
  return decision;
}

export function isSafeLocation(edge: PreparedEdge, location: string): boolean {
  if (/[\u0000-\u0020\u007f\\]/.test(location)) return false;
  if (location.startsWith('/')) return location[1] !== '/';
  try {
    return edge.allowedOrigins.has(new URL(location).origin);
  } catch {
    return false;
  }
}

function lookup(record: Record<string, string> | undefined, key: string): string | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function placeKey(place: Place): string {
  return `${place.host} ${joinPath(place.segments)}`;
}
