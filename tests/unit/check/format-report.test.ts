import { describe, expect, it } from 'vitest';
import type { CheckReport, ReportedFinding } from '../../../src/check/check-site.js';
import { formatReportHtml, formatReportText } from '../../../src/check/format-report.js';
import { ruleOf } from '../../../src/check/finding.js';
import { CHECK_DIAGNOSTICS, type CheckCode } from '../../../src/errors/catalogue.js';

const finding = (code: CheckCode, severity: 'error' | 'warning', file: string, line: number | undefined, message: string): ReportedFinding =>
  ({ code, rule: ruleOf(code), severity, file, ...(line === undefined ? {} : { line, column: 3 }), message });

function report(findings: ReportedFinding[]): CheckReport {
  const codes: CheckReport['codes'] = {};
  for (const f of findings) (codes[f.code] ??= { rule: f.rule, ...CHECK_DIAGNOSTICS[f.code], count: 0 }).count++;
  const error = findings.filter((f) => f.severity === 'error').length;
  return {
    ok: error === 0, counts: { error, warning: findings.length - error }, codes, byRule: {}, findings,
    links: { checked: 10, external: [] },
    redirects: { declared: 0, languageHosts: 0, legacySections: 0, russianBlogArticles: 0, longestChain: 1, legacyChecked: 0 },
    timings: { links: 1 },
  };
}

describe('the check report as text', () => {
  it('prints findings as build diagnostics are printed: code, place, message, the hint and docs link under the first of each code; then each code with its title', () => {
    const text = formatReportText(report([
      finding('CHECK_LINK_BROKEN', 'error', 'www.example.com/a.html', 4, 'href="/gone": no page or file at https://www.example.com/gone'),
      finding('CHECK_REDIRECT_CHAIN', 'error', 'edge-config.json', undefined, 'https://www.example.com/x takes 2 redirects'),
      finding('CHECK_TITLE_LENGTH', 'warning', 'www.example.com/b.html', 3, '<title> is 81 characters'),
    ]), { color: false, verbose: true });
    expect(text.split('\n')).toEqual([
      'error [CHECK_LINK_BROKEN] www.example.com/a.html:4:3 href="/gone": no page or file at https://www.example.com/gone',
      `    hint: ${CHECK_DIAGNOSTICS.CHECK_LINK_BROKEN.hint}`,
      '    docs: docs/check.md#rules',
      'error [CHECK_REDIRECT_CHAIN] edge-config.json https://www.example.com/x takes 2 redirects',
      `    hint: ${CHECK_DIAGNOSTICS.CHECK_REDIRECT_CHAIN.hint}`,
      '    docs: docs/check.md#rules',
      'warning [CHECK_TITLE_LENGTH] www.example.com/b.html:3:3 <title> is 81 characters',
      `    hint: ${CHECK_DIAGNOSTICS.CHECK_TITLE_LENGTH.hint}`,
      '    docs: docs/check.md#rules',
      '',
      'links: 10 internal links and assets checked, 0 external links listed (not fetched)',
      'redirects: 0 declared, 0 language hosts, 0 legacy sections, 0 Russian blog articles; longest chain 1; 0 legacy URLs checked',
      'checks: links 1 ms',
      'findings by code:',
      `  CHECK_LINK_BROKEN ${CHECK_DIAGNOSTICS.CHECK_LINK_BROKEN.title}: 1 error`,
      `  CHECK_REDIRECT_CHAIN ${CHECK_DIAGNOSTICS.CHECK_REDIRECT_CHAIN.title}: 1 error`,
      `  CHECK_TITLE_LENGTH ${CHECK_DIAGNOSTICS.CHECK_TITLE_LENGTH.title}: 1 warning`,
      'check failed: 2 errors, 1 warning',
    ]);
  });

  it('caps the warnings of one code at 8 unless verbose, as the build does', () => {
    const many = report(Array.from({ length: 11 }, (_, i) => finding('CHECK_DESCRIPTION_LENGTH', 'warning', `www.example.com/p${i}.html`, 4, 'the description is short')));
    const capped = formatReportText(many, { color: false, verbose: false });
    expect(capped.split('\n').filter((line) => line.startsWith('warning [CHECK_DESCRIPTION_LENGTH]'))).toHaveLength(8);
    expect(capped).toContain('... and 3 more CHECK_DESCRIPTION_LENGTH warnings (--verbose shows all)');
    expect(capped).toContain(`  CHECK_DESCRIPTION_LENGTH ${CHECK_DIAGNOSTICS.CHECK_DESCRIPTION_LENGTH.title}: 11 warnings`);
    expect(capped).toContain('check passed: 0 errors, 11 warnings');
    expect(formatReportText(many, { color: false, verbose: true }).split('\n').filter((line) => line.startsWith('warning '))).toHaveLength(11);
  });

  it('says only the totals when there is nothing to report', () => {
    expect(formatReportText(report([])).split('\n').at(-1)).toBe('check passed: 0 errors, 0 warnings');
    expect(formatReportText(report([]))).not.toContain('findings by code');
  });
});

describe('the check report as HTML', () => {
  it('filters by code and lists each code with its rule id, title and hint', () => {
    const html = formatReportHtml(report([finding('CHECK_ANCHOR_MISSING', 'error', 'www.example.com/a.html', 2, 'href="#x": no element with id "x"')]));
    expect(html).toContain('<option value="CHECK_ANCHOR_MISSING">CHECK_ANCHOR_MISSING (1)</option>');
    expect(html).toContain('<tr data-severity="error" data-code="CHECK_ANCHOR_MISSING">');
    const { title, hint } = CHECK_DIAGNOSTICS.CHECK_ANCHOR_MISSING;
    // Text from the catalogue is escaped like any other: its apostrophes too.
    expect(hint).toContain("'");
    expect(html).toContain(`<tr><td>CHECK_ANCHOR_MISSING</td><td>anchor-missing</td><td>${title}</td><td>${hint.replaceAll("'", '&apos;')}</td><td>1</td></tr>`);
  });
});
