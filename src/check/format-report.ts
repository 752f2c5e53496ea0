import { formatDiagnostics, type ReportStyle } from '../errors/format-diagnostics.js';
import type { CheckReport } from './check-site.js';
import { findingDiagnostic } from './finding.js';
import { escapeXml as esc } from '../format/escape-xml.js';

/**
 * The report for a terminal: the findings as build diagnostics are printed (code, file:line:col,
 * message, and the catalogue's hint under each error; past 8 warnings of a code only with
 * --verbose), then the counts, with each code's title.
 */
export function formatReportText(report: CheckReport, style: ReportStyle = { color: false, verbose: true }): string {
  const paint = (code: number, text: string) => (style.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  const findings = formatDiagnostics(report.findings.map(findingDiagnostic), style);
  if (findings) lines.push(findings, '');
  const r = report.redirects;
  lines.push(`links: ${report.links.checked} internal links and assets checked, ${report.links.external.length} external links listed (not fetched)`);
  lines.push(`redirects: ${r.declared} declared, ${r.languageHosts} language hosts, ${r.legacySections} legacy sections, ${r.russianBlogArticles} Russian blog articles; longest chain ${r.longestChain}; ${r.legacyChecked} legacy URLs checked`);
  lines.push(`checks: ${Object.entries(report.timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')}`);
  const perCode = new Map<string, { error: number; warning: number }>();
  for (const f of report.findings) {
    const n = perCode.get(f.code) ?? { error: 0, warning: 0 };
    n[f.severity]++;
    perCode.set(f.code, n);
  }
  if (perCode.size > 0) lines.push('findings by code:');
  for (const [code, { title }] of Object.entries(report.codes)) {
    const n = perCode.get(code)!;
    lines.push(`  ${code} ${title}: ${[n.error ? plural(n.error, 'error') : '', n.warning ? plural(n.warning, 'warning') : ''].filter(Boolean).join(', ')}`);
  }
  const summary = `${plural(report.counts.error, 'error')}, ${plural(report.counts.warning, 'warning')}`;
  lines.push(report.ok ? paint(32, `check passed: ${summary}`) : paint(31, `check failed: ${summary}`));
  return lines.join('\n');
}

/** A self-contained HTML page of the report: findings by file, filterable by code and severity, and what each code means. */
export function formatReportHtml(report: CheckReport): string {
  const rows = report.findings.map((f) => `<tr data-severity="${f.severity}" data-code="${f.code}"><td>${esc(f.file)}</td><td>${f.line ? `${f.line}:${f.column ?? 1}` : ''}</td><td class="${f.severity}">${f.severity}</td><td title="${esc(report.codes[f.code]?.title ?? '')}">${f.code}</td><td>${esc(f.message)}</td></tr>`).join('\n');
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
<table id="findings"><thead><tr><th>File</th><th>Line</th><th>Severity</th><th>Code</th><th>Message</th></tr></thead><tbody>
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
