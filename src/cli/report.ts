import { formatBytes } from '../format/format-bytes.js';
import { paint, type ReportStyle } from '../errors/format-diagnostics.js';
import { countOutput, countPages, type OutputCounts, type PageCounts } from '../emit/output-counts.js';
import type { BuildResult, Stage } from '../build.js';
import { hintOf, type Diagnostic } from '../errors/site-error.js';
import { roundMs } from '../format/round-ms.js';
import type { SearchStats } from '../search/index-search.js';

export function formatStage(stage: Stage, ms: number): string {
  return `  ${stage.padEnd(9)} ${formatMs(ms).padStart(9)}`;
}

export interface BuildSummary {
  ok: boolean;
  pages: PageCounts;
  output: OutputCounts;
  timings: Partial<Record<Stage, number>>;
  totalMs: number;
  warnings: number;
  errors: number;
  /** Size of the edge document (minified JSON) and the budget it must fit. */
  edge?: { bytes: number; budget: number };
  /** The most JavaScript (gzip) a page can load, and its budget. */
  js?: { maxGzip: number; budget: number };
  /** Raster images with variants, and how many were encoded (the rest came from the cache). */
  images?: { images: number; encoded: number };
  /** Markdown bodies, and how many were rendered (the rest came from the cache). */
  markdown?: { bodies: number; rendered: number };
  /** Social images (one per indexable page; equal cards share one), and how many were drawn (the rest came from the cache). */
  social?: { images: number; drawn: number };
  /** Pages, and how many were taken unchanged from the previous output; the files made from every page's record alone (sitemaps) taken likewise. */
  rendered?: { pages: number; reused: number; groups?: string[] };
  /** The search index: pages, how many were indexed (the rest came from the cache), bytes per host and locale. */
  search?: SearchStats;
  /** Nothing the build reads had changed since the previous build of this output: it was kept as it was. */
  upToDate: boolean;
  /** The cache held the output of these very inputs: every file was linked from it, nothing parsed or rendered. */
  restored: boolean;
  /** The build was asked to stop after this stage (--stop-after): nothing was written. */
  stoppedAfter?: Stage;
}

export function summarize(result: BuildResult, totalMs: number): BuildSummary {
  return {
    ok: result.ok,
    // A build that found nothing changed kept the previous output: its counts are the ones it recorded.
    pages: result.upToDate?.pages ?? result.restored?.pages ?? countPages(result.pages),
    output: result.upToDate?.output ?? result.outputCounts ?? countOutput(result.output),
    // Rounded to 0.1 ms: the clock's fractions below that are noise (506.5802699999999).
    timings: Object.fromEntries(Object.entries(result.timings).map(([stage, ms]) => [stage, roundMs(ms)])),
    totalMs: roundMs(totalMs),
    warnings: result.diagnostics.filter((d) => d.severity === 'warning').length,
    errors: result.diagnostics.filter((d) => d.severity === 'error').length,
    edge: result.edge,
    js: result.js,
    images: result.images,
    social: result.social,
    markdown: result.markdown,
    rendered: result.rendered,
    search: result.search,
    upToDate: !!result.upToDate,
    restored: !!result.restored,
    ...(result.stoppedAfter ? { stoppedAfter: result.stoppedAfter } : {}),
  };
}

/** Diagnostics as --json gives them: each with its hint and docs link, without the exception it wraps (JSON cannot carry it). */
export function diagnosticsForJson(diagnostics: readonly Diagnostic[]): Omit<Diagnostic, 'cause'>[] {
  return diagnostics.map(({ cause: _cause, ...d }) => ({ ...d, ...hintOf(d) }));
}

/** The closing lines, as Hugo and Astro users expect them. */
export function formatSummary(summary: BuildSummary, style: ReportStyle): string {
  const green = paint(style.color, 32);
  const lines: string[] = [];
  if (summary.ok && summary.stoppedAfter) {
    lines.push(green(`stopped after ${summary.stoppedAfter} in ${(summary.totalMs / 1000).toFixed(2)} s, as asked (--stop-after): nothing was written`));
  } else if (summary.ok) {
    const hosts = Object.keys(summary.pages.perHost).length;
    const locales = Object.values(summary.pages.perLocale).filter((n) => n > 0).length;
    lines.push(green(`built ${groupDigits(summary.pages.total)} pages in ${locales} locales (${hosts} hosts) in ${(summary.totalMs / 1000).toFixed(2)} s`));
    if (summary.restored) lines.push(`  from the cache: no source, template or sitegen file changed since the build that filled it; its ${groupDigits(summary.output.files)} files were linked into place, nothing was parsed or rendered`);
    if (summary.upToDate) lines.push(`  up to date: no source, template or sitegen file changed since the previous build, and its ${groupDigits(summary.output.files)} files are as it wrote them: nothing was parsed, rendered or written`);
    const kinds = Object.entries(summary.output.byKind).sort(([a], [b]) => a.localeCompare(b));
    lines.push(`  ${groupDigits(summary.output.files)} files, ${formatBytes(summary.output.bytes)}: ${kinds.map(([k, v]) => `${k} ${formatBytes(v.bytes)}`).join(', ')}`);
    if (summary.edge) lines.push(`  edge document ${formatBytes(summary.edge.bytes)} of its ${formatBytes(summary.edge.budget)} budget`);
    if (summary.js) lines.push(`  JavaScript per page at most ${formatBytes(summary.js.maxGzip)} gzip of its ${formatBytes(summary.js.budget)} budget (dist/reports/js.json)`);
    if (summary.rendered?.reused || summary.rendered?.groups?.length) {
      const groups = summary.rendered.groups?.length ? `; ${summary.rendered.groups.join(', ')} unchanged too` : '';
      lines.push(`  pages: ${summary.rendered.pages - summary.rendered.reused} rendered, ${summary.rendered.reused} unchanged since the previous build${groups}`);
    }
    if (summary.markdown?.bodies) {
      const { bodies, rendered } = summary.markdown;
      lines.push(`  Markdown: ${bodies} bodies, ${rendered} rendered, ${bodies - rendered} from the cache (hit rate ${Math.round(((bodies - rendered) / bodies) * 100)}%)`);
    }
    if (summary.search) lines.push(searchLine(summary.search));
    if (summary.images?.images) {
      const { images, encoded } = summary.images;
      lines.push(`  images: ${images} as avif/webp 1x/2x, ${encoded} encoded, ${images - encoded} from the cache (hit rate ${Math.round(((images - encoded) / images) * 100)}%)`);
    }
    if (summary.social?.images) {
      const { images, drawn } = summary.social;
      const time = summary.timings.social === undefined ? '' : ` in ${formatMs(summary.timings.social)}`;
      lines.push(`  social images: ${groupDigits(images)} (1200×630 PNG), ${groupDigits(drawn)} drawn${drawn ? time : ''}, ${groupDigits(images - drawn)} from the cache (hit rate ${Math.round(((images - drawn) / images) * 100)}%)`);
    }
    if (style.verbose) {
      lines.push(`  pages per locale: ${Object.entries(summary.pages.perLocale).map(([l, n]) => `${l} ${n}`).join(', ')}`);
      if (summary.search) {
        const locales = Object.values(summary.search.hosts).flatMap((host) => Object.entries(host.locales));
        lines.push(`  search index per locale: ${locales.map(([l, s]) => `${l} ${s.pages} pages ${formatBytes(s.bytes)}${s.indexes > 1 ? ` in ${s.indexes} shards` : ''}`).join(', ')}`);
      }
    }
  } else {
    lines.push(`build failed: ${summary.errors} error${summary.errors === 1 ? '' : 's'}; the previous output was left as it was`);
  }
  lines.push(`${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}`);
  return lines.join('\n');
}


/** `  search index: 1 126 pages in 14 languages, 2.8 MB on 3 hosts; 81 indexed, 1 045 from the cache` */
function searchLine(search: SearchStats): string {
  const hosts = Object.values(search.hosts);
  const languages = hosts.reduce((sum, host) => sum + Object.keys(host.locales).length, 0);
  const bytes = hosts.reduce((sum, host) => sum + host.bytes, 0);
  return `  search index: ${groupDigits(search.pages)} pages in ${languages} languages, ${formatBytes(bytes)} on ${hosts.length} hosts; ${groupDigits(search.indexed)} indexed, ${groupDigits(search.pages - search.indexed)} from the cache`;
}

/** 1234567 → "1 234 567" (a thin grouping that reads the same in every language). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

