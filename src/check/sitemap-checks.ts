import { decodeOrKeep } from '../format/percent-decode.js';
import type { CheckInput, Finding } from './finding.js';
import { positionAt } from './finding.js';
import { sitePages } from './site-pages.js';
import { factsByUrl, type PageFacts } from './xml/page-head.js';
import { hostFolders, isAbsoluteHttpUrl, normalizeUrl, sitemapEntries, sitemapFiles, type HostFolder, type SitemapFile } from './xml/sitemap-files.js';
import { sortFindings } from './xml/sort-findings.js';
import { parseXml } from './xml/xml-scan.js';
import { validateSitemaps } from './xml/validate-sitemaps.js';

/**
 * Sitemaps and robots.txt of each host folder:
 * - sitemap-invalid: every sitemap index and urlset validates against the sitemaps.org schema;
 * - sitemap-missing-page / sitemap-duplicate / sitemap-not-page: the host's urlsets list each
 *   indexable page of the host (not a 404 page, not noindex, canonical to itself) exactly once,
 *   and nothing else;
 * - sitemap-index: each sitemap index lists exactly the host's urlsets, by absolute URL on its origin;
 * - robots: robots.txt names the host's sitemap index by absolute URL (and may name its RSS and Atom
 *   feeds), and disallows no listed URL.
 */
export async function checkSitemaps(input: CheckInput): Promise<Finding[]> {
  const sitemaps = sitemapFiles(input);
  const findings = await validateSitemaps(sitemaps, 'CHECK_SITEMAP_INVALID');
  const facts = factsByUrl(sitePages(input));
  const hosts = hostFolders(input);
  const hostOfOrigin = new Map(hosts.map((h) => [h.origin, h]));
  const folders = new Set<string>();
  for (const file of input.files.keys()) folders.add(file.slice(0, file.indexOf('/')));

  for (const host of hosts) {
    if (!folders.has(host.folder)) continue; // nothing built for this host
    const own = sitemaps.filter((s) => s.host.key === host.key);
    const listed = checkListing(host, own.filter((s) => s.kind === 'urlset'), facts, hostOfOrigin, input, findings);
    const indexes = own.filter((s) => s.kind === 'index');
    checkIndexes(host, indexes, own, input, findings);
    checkRobots(host, indexes, own, listed, input, findings);
  }
  return sortFindings(findings);
}

interface Listed {
  url: string;
  sitemap: SitemapFile;
  offset: number;
}

function checkListing(host: HostFolder, urlsets: readonly SitemapFile[], facts: ReadonlyMap<string, PageFacts>, hostOfOrigin: ReadonlyMap<string, HostFolder>, input: CheckInput, findings: Finding[]): Listed[] {
  const first = new Map<string, Listed>();
  const listed: Listed[] = [];
  for (const sitemap of urlsets) {
    for (const entry of sitemapEntries(sitemap)) {
      const url = normalizeUrl(entry.loc);
      const at = { file: sitemap.file, ...sitemap.position(entry.locOffset) };
      const item: Listed = { url, sitemap, offset: entry.locOffset };
      listed.push(item);
      const earlier = first.get(url);
      if (earlier) {
        const where = earlier.sitemap.position(earlier.offset);
        findings.push({ code: 'CHECK_SITEMAP_DUPLICATE', severity: 'error', ...at, message: `${entry.loc} is listed again (first in ${earlier.sitemap.file}:${where.line}:${where.column}); list each URL once` });
        continue;
      }
      first.set(url, item);
      const page = facts.get(url);
      if (page?.indexable && page.page.host === host.key) continue;
      findings.push({ code: 'CHECK_SITEMAP_NOT_PAGE', severity: 'error', ...at, message: `${entry.loc} ${notPageReason(entry.loc, url, page, host, hostOfOrigin, input)}` });
    }
  }
  for (const page of facts.values()) {
    if (page.page.host !== host.key || !page.indexable || first.has(page.url)) continue;
    const at = page.head.canonical ? positionAt(page.page.html, page.head.canonical.offset) : { line: 1, column: 1 };
    const where = urlsets.length === 0 ? `${host.folder} has no urlset sitemap` : `none of the sitemaps of ${host.folder} lists it`;
    findings.push({ code: 'CHECK_SITEMAP_MISSING_PAGE', severity: 'error', file: page.page.file, ...at, message: `indexable page ${page.page.url} is not in a sitemap: ${where}` });
  }
  return listed;
}

function notPageReason(loc: string, url: string, page: PageFacts | undefined, host: HostFolder, hostOfOrigin: ReadonlyMap<string, HostFolder>, input: CheckInput): string {
  if (!isAbsoluteHttpUrl(loc)) return `is not an absolute URL; a sitemap lists absolute URLs on ${host.origin}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.origin !== host.origin) {
    const other = hostOfOrigin.get(parsed.origin);
    return other
      ? `is on ${other.folder}, not ${host.folder}: list it in the sitemaps of ${other.folder}`
      : `is not on ${host.origin}: a sitemap lists only its own host's pages`;
  }
  if (page) return `${page.notIndexable ?? 'is not indexable'}; list only indexable pages`;
  const redirect = input.edge.redirects?.[host.key]?.[decodeURI(parsed.pathname)] ?? input.edge.redirects?.[host.key]?.[parsed.pathname];
  if (redirect) return `redirects to ${redirect}; list the page it redirects to`;
  return 'is not an emitted page (it redirects or is a 404); list only pages that exist';
}

/** Each index lists exactly the urlsets of its host, by absolute URL on the host's origin. */
function checkIndexes(host: HostFolder, indexes: readonly SitemapFile[], own: readonly SitemapFile[], input: CheckInput, findings: Finding[]): void {
  const urlsets = own.filter((s) => s.kind === 'urlset');
  if (indexes.length === 0) {
    if (urlsets.length > 0) {
      findings.push({ code: 'CHECK_SITEMAP_INDEX', severity: 'error', file: `${host.folder}/sitemap.xml`, message: `${host.folder} has urlset sitemaps but no sitemap index (a <sitemapindex> file such as /sitemap.xml) that lists them` });
    }
    return;
  }
  const byFile = new Map(own.map((s) => [s.file, s]));
  for (const index of indexes) {
    const seen = new Set<string>();
    for (const entry of sitemapEntries(index)) {
      const at = { file: index.file, ...index.position(entry.locOffset) };
      const problem = (message: string) => findings.push({ code: 'CHECK_SITEMAP_INDEX', severity: 'error', ...at, message: `${entry.loc} ${message}` });
      if (!isAbsoluteHttpUrl(entry.loc)) {
        problem(`is not an absolute URL: write ${host.origin}/${entry.loc.replace(/^\/+/, '')}`);
        // It does name the file: one finding is enough.
        if (entry.loc.startsWith('/')) seen.add(`${host.folder}${decodeOrKeep(entry.loc.replace(/[?#].*$/, ''))}`);
        continue;
      }
      let parsed: URL;
      try {
        parsed = new URL(entry.loc);
      } catch {
        problem('is not a valid URL');
        continue;
      }
      if (parsed.origin !== host.origin) {
        problem(`is not on ${host.origin}: an index lists its own host's sitemaps`);
        continue;
      }
      const file = `${host.folder}${decodeOrKeep(parsed.pathname)}`;
      const target = byFile.get(file);
      if (seen.has(file)) problem('is listed twice');
      else if (!target) problem(input.files.has(file) ? 'is not a sitemap' : `names no file of the output (${file})`);
      else if (target.kind === 'index') problem('is a sitemap index: indexes cannot list indexes');
      seen.add(file);
    }
    const at = index.doc.root ? index.position(index.doc.root.offset) : { line: 1, column: 1 };
    for (const urlset of urlsets) {
      if (!seen.has(urlset.file)) {
        findings.push({ code: 'CHECK_SITEMAP_INDEX', severity: 'error', file: index.file, ...at, message: `does not list the urlset ${urlset.file} (${host.origin}${urlset.file.slice(host.folder.length)})` });
      }
    }
  }
}

/** User agents whose robots groups decide whether listed URLs can be crawled. */
const SEARCH_AGENTS = /^(\*|googlebot|bingbot|yandex|baiduspider|msnbot|slurp|duckduckbot|applebot)/i;

function checkRobots(host: HostFolder, indexes: readonly SitemapFile[], own: readonly SitemapFile[], listed: readonly Listed[], input: CheckInput, findings: Finding[]): void {
  const file = `${host.folder}/robots.txt`;
  const indexUrls = indexes.map((i) => `${host.origin}${i.file.slice(host.folder.length)}`);
  const expected = indexUrls[0] ?? `${host.origin}/sitemap.xml`;
  const bytes = input.files.get(file);
  if (!bytes) {
    findings.push({ code: 'CHECK_ROBOTS', severity: 'error', file, message: `${host.folder} has no robots.txt; it should name the sitemap index with "Sitemap: ${expected}"` });
    return;
  }
  const text = new TextDecoder().decode(bytes);
  const byFile = new Map(own.map((s) => [s.file, s]));
  const groups: { agents: string[]; disallow: { value: string; line: number; column: number }[] }[] = [];
  let group: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  let namesIndex = false;
  let sitemapProblems = 0;
  text.split(/\r?\n|\r/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '');
    const match = /^\s*([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!match) return;
    const field = match[1]!.toLowerCase();
    const value = match[2]!;
    const at = { file, line: i + 1, column: raw.search(/\S/) + 1 };
    if (field === 'user-agent') {
      if (!lastWasAgent || !group) groups.push((group = { agents: [], disallow: [] }));
      group.agents.push(value);
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (field === 'disallow' && group && value !== '') group.disallow.push({ value, line: at.line, column: at.column });
    if (field !== 'sitemap') return;
    const problem = (message: string) => {
      sitemapProblems++;
      findings.push({ code: 'CHECK_ROBOTS', severity: 'error', ...at, message });
    };
    if (!isAbsoluteHttpUrl(value)) return problem(`Sitemap: ${value} is not an absolute URL: write Sitemap: ${host.origin}/${value.replace(/^\/+/, '')}`);
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return problem(`Sitemap: ${value} is not a valid URL`);
    }
    if (parsed.origin !== host.origin) return problem(`Sitemap: ${value} is not on ${host.origin}: name this host's sitemap index (${expected})`);
    const path = `${host.folder}${decodeOrKeep(parsed.pathname)}`;
    const target = byFile.get(path);
    if (target?.kind === 'index') namesIndex = true;
    // A feed is a sitemap of its newest URLs to Google and Bing (docs/feeds.md): robots.txt may name it.
    if (!target && !isFeed(input.files.get(path))) return problem(`Sitemap: ${value} names no sitemap or RSS or Atom feed of the output: name ${expected}`);
  });
  if (!namesIndex && sitemapProblems === 0) {
    findings.push({ code: 'CHECK_ROBOTS', severity: 'error', file, line: 1, column: 1, message: `does not name the sitemap index: add "Sitemap: ${expected}"` });
  }

  const paths: { listed: Listed; path: string }[] = [];
  for (const l of listed) {
    try {
      const url = new URL(l.url);
      if (url.origin === host.origin) paths.push({ listed: l, path: url.pathname + url.search });
    } catch {
      // not a URL: sitemap-not-page reports it
    }
  }
  for (const g of groups) {
    if (!g.agents.some((agent) => SEARCH_AGENTS.test(agent))) continue;
    for (const rule of g.disallow) {
      const matches = robotsPattern(rule.value);
      const blocked = paths.filter((p) => matches.test(p.path)).map((p) => p.listed);
      const example = blocked[0];
      if (!example) continue;
      const more = blocked.length > 1 ? ` and ${blocked.length - 1} more` : '';
      findings.push({
        code: 'CHECK_ROBOTS', severity: 'error', file, line: rule.line, column: rule.column,
        message: `Disallow: ${rule.value} (User-agent: ${g.agents.join(', ')}) blocks ${example.url}${more}, listed in ${example.sitemap.file}`,
      });
    }
  }
}

const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** Whether a file is an RSS 2.0 or Atom feed, by its root element. */
function isFeed(bytes: Uint8Array | undefined): boolean {
  if (!bytes) return false;
  const root = parseXml(new TextDecoder().decode(bytes)).root;
  return (root?.name === 'rss' && root.ns === '') || (root?.local === 'feed' && root.ns === ATOM_NS);
}

/** A robots.txt path pattern: a prefix, where * matches any characters and a final $ ends the path. */
export function robotsPattern(value: string): RegExp {
  const anchored = value.endsWith('$');
  const body = (anchored ? value.slice(0, -1) : value)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

