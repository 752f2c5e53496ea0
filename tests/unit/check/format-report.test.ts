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
    sourceMap: 'used',
    timings: { links: 1 },
  };
}

const TITLE_SOURCE = { file: 'content/en/blog/b.md', line: 2, column: 1, what: 'title', also: [{ file: 'content/messages/en.yaml', line: 5, column: 3, what: 'site.name' }] };

describe('the check report as text', () => {
  it('groups findings by rule, errors first: a count, each case at the source to change and the page it is on, the hint', () => {
    const text = formatReportText(report([
      { ...finding('CHECK_LINK_BROKEN', 'error', 'www.example.com/a.html', 4, 'href="/gone": no page or file at https://www.example.com/gone'), source: { file: 'templates/pages/articles.tsx', what: 'template' } },
      finding('CHECK_REDIRECT_CHAIN', 'error', 'edge-config.json', undefined, 'https://www.example.com/x takes 2 redirects'),
      { ...finding('CHECK_TITLE_LENGTH', 'warning', 'www.example.com/b.html', 3, '<title> is 81 wide'), source: TITLE_SOURCE },
    ]), { color: false, verbose: false });
    expect(text.split('\n')).toEqual([
      `error CHECK_LINK_BROKEN (link-broken) ${CHECK_DIAGNOSTICS.CHECK_LINK_BROKEN.title}: 1 error`,
      '  templates/pages/articles.tsx template: href="/gone": no page or file at https://www.example.com/gone',
      '      on www.example.com/a.html:4:3',
      `  hint: ${CHECK_DIAGNOSTICS.CHECK_LINK_BROKEN.hint}`,
      '',
      `error CHECK_REDIRECT_CHAIN (redirect-chain) ${CHECK_DIAGNOSTICS.CHECK_REDIRECT_CHAIN.title}: 1 error`,
      '  edge-config.json: https://www.example.com/x takes 2 redirects',
      `  hint: ${CHECK_DIAGNOSTICS.CHECK_REDIRECT_CHAIN.hint}`,
      '',
      `warning CHECK_TITLE_LENGTH (title-length) ${CHECK_DIAGNOSTICS.CHECK_TITLE_LENGTH.title}: 1 warning`,
      '  content/en/blog/b.md:2:1 title (+ site.name): <title> is 81 wide',
      '      on www.example.com/b.html:3:3',
      `  hint: ${CHECK_DIAGNOSTICS.CHECK_TITLE_LENGTH.hint}`,
      '',
      'links: 10 internal links and assets checked, 0 external links listed (not fetched)',
      'redirects: 0 declared, 0 language hosts, 0 legacy sections, 0 Russian blog articles; longest chain 1; 0 legacy URLs checked',
      'checks: links 1 ms',
      'check failed: 2 errors, 1 warning',
    ]);
  });

  it('says a case once for all the pages it is on, shows the first 5 cases of a rule, and every case and page with --verbose', () => {
    const siteDescription = { file: 'content/messages/en.yaml', line: 7, column: 3, what: 'site.description' };
    const findings = [
      // One message key behind the description of 4 pages: one case.
      ...Array.from({ length: 4 }, (_, i) => ({ ...finding('CHECK_DESCRIPTION_LENGTH', 'warning', `www.example.com/list${i}.html`, 1, 'the description is 167 wide'), source: siteDescription })),
      // 7 pages with descriptions of their own: 7 cases.
      ...Array.from({ length: 7 }, (_, i) => ({ ...finding('CHECK_DESCRIPTION_LENGTH', 'warning', `www.example.com/p${i}.html`, 1, `the description is ${20 + i} wide`), source: { file: `content/en/helps/p${i}.md`, line: 3, column: 1, what: 'description' } })),
    ];
    const capped = formatReportText(report(findings), { color: false, verbose: false }).split('\n');
    expect(capped[0]).toBe(`warning CHECK_DESCRIPTION_LENGTH (description-length) ${CHECK_DIAGNOSTICS.CHECK_DESCRIPTION_LENGTH.title}: 11 warnings in 8 places`);
    // The case on the most pages first; then by place.
    expect(capped.slice(1, 3)).toEqual([
      '  content/messages/en.yaml:7:3 site.description: the description is 167 wide',
      '      on 4 pages: www.example.com/list0.html:1:3 and 3 more',
    ]);
    expect(capped.filter((line) => /^ {2}content\//.test(line))).toHaveLength(5);
    expect(capped).toContain('  ... and 3 more cases (--verbose shows all)');
    expect(capped.at(-1)).toBe('check passed: 0 errors, 11 warnings');

    const verbose = formatReportText(report(findings), { color: false, verbose: true }).split('\n');
    expect(verbose.filter((line) => /^ {2}content\//.test(line))).toHaveLength(8);
    expect(verbose.slice(1, 6)).toEqual([
      '  content/messages/en.yaml:7:3 site.description: the description is 167 wide',
      '      on 4 pages: www.example.com/list0.html:1:3',
      '         www.example.com/list1.html:1:3',
      '         www.example.com/list2.html:1:3',
      '         www.example.com/list3.html:1:3',
    ]);
    expect(verbose.join('\n')).not.toContain('--verbose shows all');
    // Every finding's output page is in the verbose text.
    for (const f of findings) expect(verbose.join('\n')).toContain(`${f.file}:1:3`);
  });

  it('says only the totals when there is nothing to report', () => {
    expect(formatReportText(report([])).split('\n').at(-1)).toBe('check passed: 0 errors, 0 warnings');
    expect(formatReportText(report([]))).not.toContain('hint:');
  });
});

describe('the check report as HTML', () => {
  it('filters by code and lists each code with its rule id, title and hint', () => {
    const html = formatReportHtml(report([{ ...finding('CHECK_ANCHOR_MISSING', 'error', 'www.example.com/a.html', 2, 'href="#x": no element with id "x"'), source: { file: 'content/en/a.md', line: 9, column: 4, what: 'link' } }]));
    expect(html).toContain('<td>content/en/a.md:9:4 link</td><td>www.example.com/a.html</td><td>2:3</td>');
    expect(html).toContain('<option value="CHECK_ANCHOR_MISSING">CHECK_ANCHOR_MISSING (1)</option>');
    expect(html).toContain('<tr data-severity="error" data-code="CHECK_ANCHOR_MISSING">');
    const { title, hint } = CHECK_DIAGNOSTICS.CHECK_ANCHOR_MISSING;
    // Text from the catalogue is escaped like any other: its apostrophes too.
    expect(hint).toContain("'");
    expect(html).toContain(`<tr><td>CHECK_ANCHOR_MISSING</td><td>anchor-missing</td><td>${title}</td><td>${hint.replaceAll("'", '&apos;')}</td><td>1</td></tr>`);
  });
});
