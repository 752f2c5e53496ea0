import { fetchExternalLinks, type FetchExternalOptions } from './fetch-external.js';
import { CHECK_DIAGNOSTICS, type CheckCode } from '../errors/catalogue.js';
import { ruleOf, type CheckInput, type Finding } from './finding.js';
import { checkHreflang } from './hreflang-checks.js';
import { checkHtml } from './html-checks.js';
import { checkLinks, type ExternalLink } from './link-checks.js';
import { checkRedirects, type LegacyUrl, type RedirectSummary } from './redirect-checks.js';
import { checkSitemaps } from './sitemap-checks.js';
import { placeFindings, readSourceMap, type SourceMapStatus } from './source-places.js';
import { roundMs } from '../format/round-ms.js';

/** A finding as the report gives it: its code, and the code's rule id (what reports named before codes). */
export interface ReportedFinding extends Finding {
  rule: string;
}

/** What the report says of each code it has findings of: the catalogue's title and hint, and how many. */
export interface ReportedCode {
  rule: string;
  title: string;
  hint: string;
  count: number;
}

export interface CheckReport {
  ok: boolean;
  counts: { error: number; warning: number };
  /** Findings per code, with the code's title and hint; only codes that have findings. */
  codes: Partial<Record<CheckCode, ReportedCode>>;
  /** Findings per rule id (the same counts as `codes`, kept for reports read before there were codes). */
  byRule: Record<string, number>;
  findings: ReportedFinding[];
  links: { checked: number; external: ExternalLink[] };
  redirects: RedirectSummary;
  /**
   * Whether findings name the sources to change (the build's reports/sources.json was read: `used`)
   * or only output places (the output has no such map, or one this check cannot read).
   */
  sourceMap: SourceMapStatus;
  /** Milliseconds per check. */
  timings: Record<string, number>;
}

/**
 * Every check of a built site (README "sitegen check"). Pure: the output is passed in, the report is
 * returned; the CLI reads dist/ and prints or writes the report.
 */
export async function checkSite(input: CheckInput, options: { legacy?: readonly LegacyUrl[]; clock?: () => number; external?: FetchExternalOptions } = {}): Promise<CheckReport> {
  const clock = options.clock ?? (() => performance.now());
  const timings: Record<string, number> = {};
  const timed = async <T,>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const start = clock();
    const result = await run();
    timings[name] = roundMs(clock() - start);
    return result;
  };
  const links = await timed('links', () => checkLinks(input));
  const hreflang = await timed('hreflang', () => checkHreflang(input));
  const sitemaps = await timed('sitemaps', () => checkSitemaps(input));
  const html = await timed('html', () => checkHtml(input));
  const redirects = await timed('redirects', () => checkRedirects(input, options.legacy));
  const external = options.external ? await timed('external', () => fetchExternalLinks(links.external, options.external)) : [];
  const sources = readSourceMap(input);
  const findings = placeFindings([...links.findings, ...hreflang, ...sitemaps, ...html, ...redirects.findings, ...external].sort(byPlace), sources.map, input.edge)
    .map(({ code, ...rest }): ReportedFinding => ({ code, rule: ruleOf(code), ...rest }));
  const counts = { error: 0, warning: 0 };
  const codes: CheckReport['codes'] = {};
  const byRule: Record<string, number> = {};
  for (const f of findings) {
    counts[f.severity]++;
    (codes[f.code] ??= { rule: f.rule, ...CHECK_DIAGNOSTICS[f.code], count: 0 }).count++;
    byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  }
  return { ok: counts.error === 0, counts, codes: sortedByKey(codes), byRule, findings, links: { checked: links.checked, external: links.external }, redirects: redirects.summary, sourceMap: sources.status, timings };
}

function byPlace(a: Finding, b: Finding): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.code.localeCompare(b.code);
}

function sortedByKey<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as T;
}
