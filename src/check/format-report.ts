import { paint, type ReportStyle } from '../errors/format-diagnostics.js';
import { CHECK_DIAGNOSTICS, type CheckCode } from '../errors/catalogue.js';
import type { CheckReport, ReportedFinding } from './check-site.js';
import type { Finding } from './finding.js';
import { escapeXml as esc } from '../format/escape-xml.js';

/** How many cases of a rule the text report shows (all of them with --verbose). */
export const CASES_SHOWN = 5;

/**
 * The report for a terminal, grouped by rule: for each code (errors first), its rule, title and
 * count, then its first cases, then the hint. A case is one thing to change: findings with the same
 * message at the same source place (one message key behind the description of 29 list pages) are
 * one case, said once with the pages it is on. A case names the source to change (file:line:col and
 * the field, message key, link, image or template) and the output page it was found on. --verbose
 * shows every case and every page of each.
 */
export function formatReportText(report: CheckReport, style: ReportStyle = { color: false, verbose: true }): string {
  const red = paint(style.color, 31);
  const yellow = paint(style.color, 33);
  const dim = paint(style.color, 2);
  const lines: string[] = [];
  if (report.findings.length > 0 && report.sourceMap !== 'used') {
    lines.push(dim(report.sourceMap === 'missing'
      ? 'the output has no reports/sources.json (built by an older sitegen?): findings name output files; build again to see the sources'
      : 'reports/sources.json of the output cannot be read: findings name output files; build again to see the sources'), '');
  }
  for (const group of groupByCode(report.findings)) {
    const { code, severity, findings, cases } = group;
    const label = severity === 'error' ? red('error') : yellow('warning');
    const places = cases.length === findings.length ? '' : ` in ${plural(cases.length, 'place')}`;
    lines.push(`${label} ${code} (${findings[0]!.rule}) ${CHECK_DIAGNOSTICS[code].title}: ${plural(findings.length, severity)}${places}`);
    const shown = style.verbose ? cases : cases.slice(0, CASES_SHOWN);
    for (const c of shown) {
      lines.push(`  ${c.where}: ${c.message}`);
      const [first, ...more] = c.pages;
      if (c.source && first) lines.push(dim(more.length === 0 ? `      on ${first}` : `      on ${plural(c.pages.length, 'page')}: ${first}${style.verbose ? '' : ` and ${more.length} more`}`));
      if (style.verbose) for (const page of more) lines.push(dim(`         ${page}`));
    }
    if (shown.length < cases.length) lines.push(`  ... and ${plural(cases.length - shown.length, 'more case')} (--verbose shows all)`);
    lines.push(dim(`  hint: ${CHECK_DIAGNOSTICS[code].hint}`), '');
  }
  const r = report.redirects;
  lines.push(`links: ${report.links.checked} internal links and assets checked, ${report.links.external.length} external links listed (not fetched)`);
  lines.push(`redirects: ${r.declared} declared, ${r.languageHosts} language hosts, ${r.legacySections} legacy sections, ${r.russianBlogArticles} Russian blog articles; longest chain ${r.longestChain}; ${r.legacyChecked} legacy URLs checked`);
  lines.push(`checks: ${Object.entries(report.timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')}`);
  const summary = `${plural(report.counts.error, 'error')}, ${plural(report.counts.warning, 'warning')}`;
  lines.push(report.ok ? paint(style.color, 32)(`check passed: ${summary}`) : red(`check failed: ${summary}`));
  return lines.join('\n');
}

/** One thing to change: a message at a place, and the output pages it was found on. */
interface Case {
  /** The source place (file:line:col and what), or the output place of a finding the map does not place. */
  where: string;
  message: string;
  source: Finding['source'];
  /** Output places (file:line:col) of the findings, in report order. */
  pages: string[];
}

interface CodeGroup {
  code: CheckCode;
  severity: Finding['severity'];
  findings: ReportedFinding[];
  cases: Case[];
}

/** Findings by code, errors first; each code's cases by how many pages they are on, then by place. */
function groupByCode(findings: readonly ReportedFinding[]): CodeGroup[] {
  const groups = new Map<string, CodeGroup>();
  for (const f of findings) {
    const key = `${f.severity === 'error' ? 0 : 1} ${f.code}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { code: f.code, severity: f.severity, findings: [], cases: [] }));
    group.findings.push(f);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => ({ ...group, cases: casesOf(group.findings) }));
}

function casesOf(findings: readonly Finding[]): Case[] {
  const cases = new Map<string, Case>();
  for (const f of findings) {
    const output = placeOf(f.file, f.line, f.column);
    const where = f.source ? `${placeOf(f.source.file, f.source.line, f.source.column)} ${whatOf(f.source)}` : output;
    const key = `${where}\u0000${f.message}`;
    const known = cases.get(key);
    if (known) known.pages.push(output);
    else cases.set(key, { where, message: f.message, source: f.source, pages: [output] });
  }
  return [...cases.values()].sort((a, b) => b.pages.length - a.pages.length || a.where.localeCompare(b.where));
}

function whatOf(source: NonNullable<Finding['source']>): string {
  return source.also?.length ? `${source.what} (+ ${source.also.map((s) => s.what).join(', ')})` : source.what;
}

function placeOf(file: string, line: number | undefined, column: number | undefined): string {
  return line === undefined ? file : `${file}:${line}:${column ?? 1}`;
}

/** A self-contained HTML page of the report: findings by file, filterable by code and severity, and what each code means. */
export function formatReportHtml(report: CheckReport): string {
  const rows = report.findings.map((f) => `<tr data-severity="${f.severity}" data-code="${f.code}"><td>${f.source ? `${esc(placeOf(f.source.file, f.source.line, f.source.column))} ${esc(whatOf(f.source))}` : ''}</td><td>${esc(f.file)}</td><td>${f.line ? `${f.line}:${f.column ?? 1}` : ''}</td><td class="${f.severity}">${f.severity}</td><td title="${esc(report.codes[f.code]?.title ?? '')}">${f.code}</td><td>${esc(f.message)}</td></tr>`).join('\n');
  const codes = Object.entries(report.codes);
  const options = codes.map(([code, c]) => `<option value="${code}">${code} (${c.count})</option>`).join('');
  const legend = codes.map(([code, c]) => `<tr><td>${code}</td><td>${esc(c.rule)}</td><td>${esc(c.title)}</td><td>${esc(c.hint)}</td><td>${c.count}</td></tr>`).join('\n');
  const external = report.links.external.map((l) => `<li><a href="${esc(l.url)}" rel="noopener noreferrer">${esc(l.url)}</a> — ${l.pages} page(s), first ${esc(l.firstPage)}</li>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sitegen check: ${report.counts.error} errors, ${report.counts.warning} warnings</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}.error{color:#b91c1c}.warning{color:#a16207}</style></head>
<body><h1>sitegen check</h1>
<p>${report.counts.error} errors, ${report.counts.warning} warnings; ${report.links.checked} internal links checked; longest redirect chain ${report.redirects.longestChain}.</p>
<p><label>Code <select id="code"><option value="">all</option>${options}</select></label> <label>Severity <select id="severity"><option value="">all</option><option>error</option><option>warning</option></select></label></p>
<table id="findings"><thead><tr><th>Source to change</th><th>Output file</th><th>Line</th><th>Severity</th><th>Code</th><th>Message</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Codes</h2>
<table><thead><tr><th>Code</th><th>Rule</th><th>Title</th><th>What to do</th><th>Findings</th></tr></thead><tbody>
${legend}
</tbody></table>
<h2>External links (not fetched)</h2><ul>
${external}
</ul>
<script>
const filter = () => { const code = document.getElementById('code').value, sev = document.getElementById('severity').value;
  for (const tr of document.querySelectorAll('#findings tbody tr')) tr.hidden = (code && tr.dataset.code !== code) || (sev && tr.dataset.severity !== sev); };
document.getElementById('code').onchange = filter; document.getElementById('severity').onchange = filter;
</script></body></html>
`;
}


function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
