import { getLocale, LOCALES, SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import { docsPageKey, offeredPages, sectionOffered, useCaseKey } from '../model/availability.js';
import type { Page } from '../model/page.js';
import type { Entry, ValidSite } from '../model/site.js';
import type { OutputFile } from '../model/output-file.js';
import { escapeXml as esc } from '../format/escape-xml.js';

/**
 * The translation coverage report (dist/reports/translations.json and .html): every content page and
 * every source message key against the 14 locales. A cell is
 * - ok: translated and not older than the source;
 * - missing: the locale offers the page (availability tables) but has no file for it;
 * - stale: the source page's `updated ?? date` is later than the translation's;
 * - fallback: a message key the locale lacks, shown in English there;
 * - not-offered: the locale does not offer the page by design (no blog in ru, `only` / `except`
 *   lists, docs locales, use-case spellings): not a problem.
 * Pure and linear in pages and message keys; no clock, so the report is identical between builds.
 */
export const COVERAGE_STATUSES = ['ok', 'missing', 'stale', 'fallback', 'not-offered'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

export interface CoverageRow {
  kind: 'page' | 'message';
  /** Page key (locale-independent, as routed) or message key (plural forms counted once: `a.b`). */
  key: string;
  /** The source-locale file the row is translated from; absent for a page that has no English file. */
  source?: string;
  cells: Record<LocaleCode, CoverageStatus>;
}

export interface LocaleTotals {
  ok: number;
  missing: number;
  stale: number;
  fallback: number;
  notOffered: number;
}

export interface TranslationCoverage {
  locales: LocaleCode[];
  totals: { perLocale: Record<LocaleCode, LocaleTotals> };
  rows: CoverageRow[];
}

const TOTAL_FIELD: Record<CoverageStatus, keyof LocaleTotals> = { ok: 'ok', missing: 'missing', stale: 'stale', fallback: 'fallback', 'not-offered': 'notOffered' };
const KIND_ORDER: Record<CoverageRow['kind'], number> = { page: 0, message: 1 };
/** Plural forms of one message (`a.b.one`, `a.b.other`) are one key for translators, as in validate-messages. */
const PLURAL_FORM = /\.(zero|one|two|few|many|other)$/;

export function translationCoverage(site: ValidSite, pages: readonly Page[]): TranslationCoverage {
  const locales = LOCALES.map((l) => l.code);
  const rows = [...pageRows(site, pages, locales), ...messageRows(site, locales)];
  rows.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compare(a.key, b.key));
  const perLocale = Object.fromEntries(locales.map((code) => [code, { ok: 0, missing: 0, stale: 0, fallback: 0, notOffered: 0 }])) as Record<LocaleCode, LocaleTotals>;
  for (const row of rows) for (const code of locales) perLocale[code][TOTAL_FIELD[row.cells[code]]]++;
  return { locales, totals: { perLocale }, rows };
}

export function translationCoverageFiles(report: TranslationCoverage): OutputFile[] {
  return [
    { path: 'reports/translations.json', contents: `${JSON.stringify(report, null, 1)}\n` },
    { path: 'reports/translations.html', contents: coverageHtml(report) },
  ];
}

/** One row per key of a page built from a content entry, in any locale. */
function pageRows(site: ValidSite, pages: readonly Page[], locales: LocaleCode[]): CoverageRow[] {
  const byKey = new Map<string, Map<LocaleCode, Entry>>();
  for (const page of pages) {
    if (!page.entry) continue;
    let entries = byKey.get(page.key);
    if (!entries) byKey.set(page.key, (entries = new Map()));
    entries.set(page.locale, page.entry);
  }
  const offered = availability(site);
  const rows: CoverageRow[] = [];
  for (const [key, entries] of byKey) {
    const source = entries.get(SOURCE_LOCALE);
    const isOffered = offered(source ?? entries.values().next().value!);
    const sourceDate = source && lastmodOf(source);
    const cells = {} as Record<LocaleCode, CoverageStatus>;
    for (const code of locales) {
      const entry = entries.get(code);
      if (!entry) cells[code] = isOffered(code) ? 'missing' : 'not-offered';
      else {
        const date = lastmodOf(entry);
        cells[code] = code !== SOURCE_LOCALE && sourceDate && date && sourceDate > date ? 'stale' : 'ok';
      }
    }
    rows.push({ kind: 'page', key, ...(source ? { source: source.file } : {}), cells });
  }
  return rows;
}

/**
 * Whether a locale offers the page of an entry (written in any locale), by the rules validation and
 * routing use: sections where the locale has them (sectionOffered); pages listed in the data tables
 * (alternatives, solutions, use cases, features, docs) as offeredPages lists them, compared by the
 * language-independent id (docs page, use-case pair); every other page everywhere.
 */
function availability(site: ValidSite): (entry: Entry) => (locale: LocaleCode) => boolean {
  const { tables } = site;
  const canonical = (section: string, locale: LocaleCode, id: string) =>
    section === 'docs' ? docsPageKey(tables.docs, locale, id) : section === 'use-cases' ? useCaseKey(tables['use-cases'], id) : id;
  const byLocale = new Map<LocaleCode, Set<string>>();
  const tableSections = new Set<string>();
  for (const { code } of LOCALES) {
    const set = new Set<string>();
    for (const { section, id } of offeredPages(tables, code)) {
      tableSections.add(section);
      set.add(`${section}/${canonical(section, code, id)}`);
    }
    byLocale.set(code, set);
  }
  return (entry) => {
    const listed = tableSections.has(entry.section) ? `${entry.section}/${canonical(entry.section, entry.locale, entry.id)}` : undefined;
    return (locale) => sectionOffered(getLocale(locale), entry.section) && (listed === undefined || (byLocale.get(locale)?.has(listed) ?? false));
  };
}

/** One row per source message key: present in a locale → ok, absent → fallback (English is shown). */
function messageRows(site: ValidSite, locales: LocaleCode[]): CoverageRow[] {
  const keysOf = (code: LocaleCode) => new Set([...(site.messages.get(code)?.keys() ?? [])].map((key) => key.replace(PLURAL_FORM, '')));
  const sourceKeys = keysOf(SOURCE_LOCALE);
  const present = new Map(locales.map((code) => [code, code === SOURCE_LOCALE ? sourceKeys : keysOf(code)]));
  const source = `${site.contentDir}/messages/${SOURCE_LOCALE}.yaml`;
  return [...sourceKeys].map((key) => {
    const cells = {} as Record<LocaleCode, CoverageStatus>;
    for (const code of locales) cells[code] = present.get(code)?.has(key) ? 'ok' : 'fallback';
    return { kind: 'message', key, source, cells };
  });
}

/**
 * The readable page of the translation coverage report: totals per locale and the matrix, with a key
 * filter and a status filter. Self-contained (inline style and script, no requests). Without
 * JavaScript the filter controls stay hidden and the whole table is shown.
 */
function coverageHtml(report: TranslationCoverage): string {
  const { locales, totals, rows } = report;
  const problems = rows.filter((row) => locales.some((code) => isProblem(row.cells[code]))).length;
  const totalRows = locales.map((code) => {
    const t = totals.perLocale[code];
    return `<tr><th scope="row">${esc(code)}</th><td class="s-ok">${t.ok}</td><td class="s-missing">${t.missing}</td><td class="s-stale">${t.stale}</td><td class="s-fallback">${t.fallback}</td><td class="s-not-offered">${t.notOffered}</td></tr>`;
  });
  const matrixRows = rows.map((row) => matrixRow(row, locales));
  const options = [
    '<option value="">any status</option>',
    '<option value="problem">any problem (missing, stale, fallback)</option>',
    ...COVERAGE_STATUSES.map((s) => `<option value="${s}">${s}</option>`),
  ];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Translation coverage</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #1b1b1b; }
table { border-collapse: collapse; margin-bottom: 1.5rem; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.4rem; text-align: left; white-space: nowrap; }
thead th { position: sticky; top: 0; background: #f4f4f4; }
tbody th { font-weight: normal; font-family: ui-monospace, monospace; }
.s-ok { background: #e3f4e3; color: #1d5c1d; }
.s-missing { background: #fbdada; color: #8a1414; font-weight: bold; }
.s-stale { background: #fdefc8; color: #7a5200; font-weight: bold; }
.s-fallback { background: #dde7fb; color: #1c3f8a; }
.s-not-offered { background: #f0f0f0; color: #777; }
[hidden] { display: none !important; }
.filter { margin-bottom: 0.75rem; display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
</style>
</head>
<body>
<main>
<h1>Translation coverage</h1>
<p>${rows.length} rows (${rows.filter((r) => r.kind === 'page').length} pages, ${rows.filter((r) => r.kind === 'message').length} message keys) &times; ${locales.length} locales; ${problems} rows have a problem. Source locale: ${SOURCE_LOCALE}. <strong>missing</strong>: the locale offers the page but has no file; <strong>stale</strong>: the English page changed after the translation's date; <strong>fallback</strong>: the message is shown in English; <strong>not-offered</strong>: the locale does not have the page by design.</p>
<h2>Totals per locale</h2>
<table>
<thead><tr><th scope="col">Locale</th><th scope="col">ok</th><th scope="col">missing</th><th scope="col">stale</th><th scope="col">fallback</th><th scope="col">not offered</th></tr></thead>
<tbody>
${totalRows.join('\n')}
</tbody>
</table>
<h2>Pages and messages</h2>
<div id="filter" class="filter" hidden>
<label for="filter-key">Key contains</label> <input id="filter-key" type="search" autocomplete="off">
<label for="filter-status">Status in any locale</label> <select id="filter-status">${options.join('')}</select>
<span id="filter-count" aria-live="polite"></span>
</div>
<table id="matrix">
<thead><tr><th scope="col">Kind</th><th scope="col">Key</th>${locales.map((code) => `<th scope="col">${esc(code)}</th>`).join('')}</tr></thead>
<tbody>
${matrixRows.join('\n')}
</tbody>
</table>
</main>
<script>
(() => {
  const filter = document.getElementById('filter');
  const key = document.getElementById('filter-key');
  const status = document.getElementById('filter-status');
  const count = document.getElementById('filter-count');
  const rows = Array.from(document.querySelectorAll('#matrix tbody tr'));
  const problem = ['missing', 'stale', 'fallback'];
  const apply = () => {
    const text = key.value.trim().toLowerCase();
    const wanted = status.value;
    let shown = 0;
    for (const row of rows) {
      const statuses = row.dataset.status.split(' ');
      const match = (!text || row.dataset.key.toLowerCase().includes(text)) &&
        (!wanted || (wanted === 'problem' ? statuses.some((s) => problem.includes(s)) : statuses.includes(wanted)));
      row.hidden = !match;
      if (match) shown++;
    }
    count.textContent = shown + ' of ' + rows.length + ' rows';
  };
  key.addEventListener('input', apply);
  status.addEventListener('change', apply);
  filter.hidden = false;
  apply();
})();
</script>
</body>
</html>
`;
}

function matrixRow(row: CoverageRow, locales: readonly LocaleCode[]): string {
  const cells = locales.map((code) => row.cells[code]);
  const statuses = [...new Set(cells)].sort().join(' ');
  const title = row.source ? ` title="${esc(row.source)}"` : '';
  return `<tr data-kind="${row.kind}" data-key="${esc(row.key)}" data-status="${statuses}"><td>${row.kind}</td><th scope="row"${title}>${esc(row.key)}</th>${cells.map((s) => `<td class="s-${s}">${s}</td>`).join('')}</tr>`;
}

function isProblem(status: CoverageStatus): boolean {
  return status === 'missing' || status === 'stale' || status === 'fallback';
}


function lastmodOf(entry: Entry): string | undefined {
  return entry.meta.updated ?? entry.meta.date;
}

/** Code-unit order: the same everywhere, whatever the ICU data of the machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
