import { LOCALES } from '../model/locale-table.js';
import { positionAt, type CheckInput, type Finding } from './finding.js';
import { sitePages } from './site-pages.js';
import { factsByUrl, type PageFacts } from './xml/page-head.js';
import { sortFindings } from './xml/sort-findings.js';
import { isAbsoluteHttpUrl, normalizeUrl, sitemapEntries, sitemapFiles, type SitemapFile } from './xml/sitemap-files.js';

/**
 * hreflang clusters: the `<link rel="alternate" hreflang>` of each page and the `<xhtml:link>` of
 * each sitemap entry.
 * - hreflang-invalid-tag: a tag that is not BCP 47 or x-default, one of the URL-only locale codes
 *   (vn, jp, tc), or any tag the locale table does not use;
 * - hreflang-self: a page's cluster does not list the page under its own `<html lang>`;
 * - hreflang-x-default: a cluster without x-default (or with two);
 * - hreflang-not-reciprocal: A lists B, but B's cluster does not list A under A's tag;
 * - hreflang-target: a target that is not an emitted page, or not indexable (404 page, noindex,
 *   canonical elsewhere);
 * - hreflang-sitemap-mismatch: a sitemap entry's cluster differs from its page's head cluster.
 * Linear in pages × cluster size: pages and clusters are looked up by URL.
 */
export function checkHreflang(input: CheckInput): Finding[] {
  const facts = factsByUrl(sitePages(input));
  const findings: Finding[] = [];
  const clusters = new Map<string, Cluster>();

  for (const page of facts.values()) {
    if (page.head.alternates.length === 0) continue;
    const cluster = clusterOf(page);
    clusters.set(page.url, cluster);
    const at = (offset: number) => ({ file: page.page.file, ...positionAt(page.page.html, offset) });
    for (const entry of cluster.entries) {
      const tagProblem = invalidTag(entry.tag);
      if (tagProblem) findings.push({ code: 'CHECK_HREFLANG_INVALID_TAG', severity: 'error', ...at(entry.offset), message: tagProblem });
      const targetProblem = badTarget(entry.tag, entry.href, entry.url, facts);
      if (targetProblem) findings.push({ code: 'CHECK_HREFLANG_TARGET', severity: 'error', ...at(entry.offset), message: targetProblem });
    }
    const first = cluster.entries[0]!;
    const lang = page.head.lang;
    if (lang === undefined || lang.trim() === '') {
      findings.push({ code: 'CHECK_HREFLANG_SELF', severity: 'error', ...at(page.head.htmlOffset), message: 'the page has no <html lang>, so its own entry in its hreflang cluster is unknown' });
    } else if (!cluster.entries.some((e) => e.url === page.url && sameTag(e.tag, lang))) {
      const self = cluster.entries.find((e) => e.url === page.url && !isXDefault(e.tag));
      findings.push(self
        ? { code: 'CHECK_HREFLANG_SELF', severity: 'error', ...at(self.offset), message: `the page lists itself as hreflang="${self.tag}" but its <html lang> is "${lang}"` }
        : { code: 'CHECK_HREFLANG_SELF', severity: 'error', ...at(first.offset), message: `the hreflang cluster does not include the page itself: add hreflang="${lang}" href="${page.page.url}"` });
    }
    const xDefaults = cluster.entries.filter((e) => isXDefault(e.tag));
    if (xDefaults.length === 0) {
      findings.push({ code: 'CHECK_HREFLANG_X_DEFAULT', severity: 'error', ...at(first.offset), message: 'the hreflang cluster has no x-default' });
    } else if (new Set(xDefaults.map((e) => e.url)).size > 1) {
      findings.push({ code: 'CHECK_HREFLANG_X_DEFAULT', severity: 'error', ...at(xDefaults[1]!.offset), message: `the hreflang cluster has more than one x-default (${[...new Set(xDefaults.map((e) => e.href))].join(', ')})` });
    }
  }

  for (const cluster of clusters.values()) {
    const page = cluster.page;
    const needed = `${cluster.selfTag} ${page.url}`;
    const checked = new Set<string>();
    for (const entry of cluster.entries) {
      if (isXDefault(entry.tag) || entry.url === page.url || checked.has(entry.url)) continue;
      checked.add(entry.url);
      const target = facts.get(entry.url);
      if (!target?.indexable) continue; // hreflang-target reports it
      const other = clusters.get(entry.url);
      if (other?.keys.has(needed)) continue;
      const listedAs = other?.entries.find((e) => e.url === page.url && !isXDefault(e.tag));
      const why = !other ? 'it has no hreflang links' : listedAs ? `it lists this page as hreflang="${listedAs.tag}"` : 'its cluster does not include this page';
      findings.push({
        code: 'CHECK_HREFLANG_NOT_RECIPROCAL', severity: 'error', file: page.page.file, ...positionAt(page.page.html, entry.offset),
        message: `${entry.href} (hreflang="${entry.tag}") does not link back with hreflang="${cluster.selfTag}" href="${page.page.url}": ${why}`,
      });
    }
  }

  for (const sitemap of sitemapFiles(input)) {
    if (sitemap.kind !== 'urlset') continue;
    for (const entry of sitemapEntries(sitemap)) checkSitemapEntry(sitemap, entry, facts, clusters, findings);
  }
  return sortFindings(findings);
}

interface ClusterEntry {
  tag: string;
  /** As written. */
  href: string;
  /** Normalised, resolved against the page. */
  url: string;
  offset: number;
}

interface Cluster {
  page: PageFacts;
  entries: ClusterEntry[];
  /** "tag url" of every entry. */
  keys: Set<string>;
  /** The tag this page goes by in clusters: its self entry's, else its `<html lang>`. */
  selfTag: string;
}

function clusterOf(page: PageFacts): Cluster {
  const entries = page.head.alternates.map((a) => ({ tag: a.hreflang, href: a.href, url: normalizeUrl(a.href, page.page.url), offset: a.offset }));
  const lang = page.head.lang ?? '';
  const self = entries.find((e) => e.url === page.url && sameTag(e.tag, lang)) ?? entries.find((e) => e.url === page.url && !isXDefault(e.tag));
  return { page, entries, keys: new Set(entries.map((e) => `${e.tag} ${e.url}`)), selfTag: self?.tag ?? lang };
}

function checkSitemapEntry(sitemap: SitemapFile, entry: ReturnType<typeof sitemapEntries>[number], facts: ReadonlyMap<string, PageFacts>, clusters: ReadonlyMap<string, Cluster>, findings: Finding[]): void {
  const links = entry.links.filter((l) => l.rel.toLowerCase().split(/\s+/).includes('alternate') && l.hreflang !== undefined && l.href !== undefined);
  const at = (offset: number) => ({ file: sitemap.file, ...sitemap.position(offset) });
  const keys = new Set<string>();
  for (const link of links) {
    const tag = link.hreflang!.trim();
    const href = link.href!.trim();
    const url = normalizeUrl(href);
    keys.add(`${tag} ${url}`);
    const tagProblem = invalidTag(tag);
    if (tagProblem) findings.push({ code: 'CHECK_HREFLANG_INVALID_TAG', severity: 'error', ...at(link.offset), message: tagProblem });
    const targetProblem = badTarget(tag, href, url, facts);
    if (targetProblem) findings.push({ code: 'CHECK_HREFLANG_TARGET', severity: 'error', ...at(link.offset), message: targetProblem });
  }
  const page = facts.get(normalizeUrl(entry.loc));
  if (!page) return; // not a page: sitemap-not-page reports it
  const cluster = clusters.get(page.url);
  const head = cluster?.keys ?? new Set<string>();
  const extra = links.filter((l) => !head.has(`${l.hreflang!.trim()} ${normalizeUrl(l.href!.trim())}`));
  const reported = new Set<string>();
  const missing = (cluster?.entries ?? []).filter((e) => {
    const key = `${e.tag} ${e.url}`;
    if (keys.has(key) || reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  if (extra.length === 0 && missing.length === 0) return;
  const list = (items: { tag: string; href: string }[]) => items.slice(0, 3).map((i) => `hreflang="${i.tag}" ${i.href}`).join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');
  const parts = [
    ...(missing.length ? [`missing ${list(missing)}`] : []),
    ...(extra.length ? [`not in the page: ${list(extra.map((l) => ({ tag: l.hreflang!.trim(), href: l.href!.trim() })))}`] : []),
  ];
  findings.push({
    code: 'CHECK_HREFLANG_SITEMAP_MISMATCH', severity: 'error', ...at(extra[0]?.offset ?? entry.locOffset),
    message: `the sitemap's hreflang cluster of ${entry.loc} differs from the one in ${page.page.file}: ${parts.join('; ')}`,
  });
}

function badTarget(tag: string, href: string, url: string, facts: ReadonlyMap<string, PageFacts>): string | undefined {
  if (!isAbsoluteHttpUrl(href)) return `hreflang="${tag}" target "${href}" is not an absolute URL`;
  const target = facts.get(url);
  if (!target) return `hreflang="${tag}" target ${href} is not an emitted page`;
  if (target.indexable) return undefined;
  return `hreflang="${tag}" target ${href} ${target.notIndexable}: link only indexable pages`;
}

const X_DEFAULT = 'x-default';
const TABLE_TAGS = new Map<string, string>([...LOCALES.map((l) => [l.hreflang.toLowerCase(), l.hreflang] as const), [X_DEFAULT, X_DEFAULT]]);
/** Locale codes that are URL segments only and not the language subtag of their tag: vn, jp, tc. */
const URL_CODES = new Map<string, string>(LOCALES.filter((l) => l.hreflang.toLowerCase().split('-')[0] !== l.code).map((l) => [l.code, l.hreflang]));
/** RFC 5646 langtag (well-formedness), or private use (x-default is of that form). */
const BCP47 = /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+)$/i;

function isXDefault(tag: string): boolean {
  return tag.toLowerCase() === X_DEFAULT;
}

function sameTag(a: string, b: string): boolean {
  return a.toLowerCase() === b.trim().toLowerCase();
}

/** Why a tag is not acceptable, or undefined. */
export function invalidTag(tag: string): string | undefined {
  const urlCode = URL_CODES.get(tag.toLowerCase());
  if (urlCode) return `hreflang "${tag}" is a URL code of the locale table, not a language tag: write "${urlCode}"`;
  if (!BCP47.test(tag)) return `hreflang "${tag}" is not a valid BCP 47 language tag or x-default`;
  const table = TABLE_TAGS.get(tag.toLowerCase());
  if (table === tag) return undefined;
  if (table) return `hreflang "${tag}" is not written as in the locale table: write "${table}"`;
  const language = tag.toLowerCase().split('-')[0];
  const near = LOCALES.filter((l) => l.hreflang.toLowerCase().split('-')[0] === language).map((l) => `"${l.hreflang}"`);
  return `hreflang "${tag}" is not a tag of the locale table (${[...TABLE_TAGS.values()].join(', ')})${near.length ? `: did you mean ${near.join(' or ')}?` : ''}`;
}
