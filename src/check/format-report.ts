import type { CheckReport } from './check-site.js';
import type { Finding } from './finding.js';

/** The report for a terminal: findings grouped by file with line:col, then the counts. */
export function formatReportText(report: CheckReport, color = false): string {
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  for (const [file, findings] of groupByFile(report.findings)) {
    lines.push(paint(1, file));
    for (const f of findings) {
      const where = f.line ? `${f.line}:${f.column ?? 1}` : '-';
      const severity = f.severity === 'error' ? paint(31, 'error  ') : paint(33, 'warning');
      lines.push(`  ${where.padEnd(10)} ${severity} ${f.message}  ${paint(2, f.rule)}`);
    }
    lines.push('');
  }
  const r = report.redirects;
  lines.push(`links: ${report.links.checked} internal links and assets checked, ${report.links.external.length} external links listed (not fetched)`);
  lines.push(`redirects: ${r.declared} declared, ${r.languageHosts} language hosts, ${r.legacySections} legacy sections, ${r.russianBlogArticles} Russian blog articles; longest chain ${r.longestChain}; ${r.legacyChecked} legacy URLs checked`);
  lines.push(`checks: ${Object.entries(report.timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')}`);
  const summary = `${report.counts.error} error${report.counts.error === 1 ? '' : 's'}, ${report.counts.warning} warning${report.counts.warning === 1 ? '' : 's'}`;
  lines.push(report.ok ? paint(32, `check passed: ${summary}`) : paint(31, `check failed: ${summary}`));
  return lines.join('\n');
}

/** A self-contained HTML page of the report: findings by file, filterable by rule and severity. */
export function formatReportHtml(report: CheckReport): string {
  const rows = report.findings.map((f) => `<tr data-severity="${f.severity}" data-rule="${esc(f.rule)}"><td>${esc(f.file)}</td><td>${f.line ? `${f.line}:${f.column ?? 1}` : ''}</td><td class="${f.severity}">${f.severity}</td><td>${esc(f.rule)}</td><td>${esc(f.message)}</td></tr>`).join('\n');
  const rules = Object.entries(report.byRule).map(([rule, n]) => `<option value="${esc(rule)}">${esc(rule)} (${n})</option>`).join('');
  const external = report.links.external.map((l) => `<li><a href="${esc(l.url)}" rel="noopener noreferrer">${esc(l.url)}</a> — ${l.pages} page(s), first ${esc(l.firstPage)}</li>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sitegen check: ${report.counts.error} errors, ${report.counts.warning} warnings</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}.error{color:#b91c1c}.warning{color:#a16207}</style></head>
<body><h1>sitegen check</h1>
<p>${report.counts.error} errors, ${report.counts.warning} warnings; ${report.links.checked} internal links checked; longest redirect chain ${report.redirects.longestChain}.</p>
<p><label>Rule <select id="rule"><option value="">all</option>${rules}</select></label> <label>Severity <select id="severity"><option value="">all</option><option>error</option><option>warning</option></select></label></p>
<table><thead><tr><th>File</th><th>Line</th><th>Severity</th><th>Rule</th><th>Message</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>External links (not fetched)</h2><ul>
${external}
</ul>
<script>
const filter = () => { const rule = document.getElementById('rule').value, sev = document.getElementById('severity').value;
  for (const tr of document.querySelectorAll('tbody tr')) tr.hidden = (rule && tr.dataset.rule !== rule) || (sev && tr.dataset.severity !== sev); };
document.getElementById('rule').onchange = filter; document.getElementById('severity').onchange = filter;
</script></body></html>
`;
}

function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) groups.set(f.file, [...(groups.get(f.file) ?? []), f]);
  return groups;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
