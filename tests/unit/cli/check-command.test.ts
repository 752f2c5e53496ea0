import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../../src/cli/main.js';
import { CHECK_DIAGNOSTICS } from '../../../src/errors/catalogue.js';
import { baseFiles, buildFixture, MAIN, publicFiles, simplePage } from '../../helpers/fixture.js';

function io(cwd: string): CliIO & { out: string; err: string } {
  const sink = { out: '', err: '' };
  return Object.assign(sink, {
    stdout: (t: string) => { sink.out += t; },
    stderr: (t: string) => { sink.err += t; },
    isTTY: false, env: { CI: 'true' }, cwd,
  });
}

let dir: string;
beforeAll(async () => {
  // Seven help pages whose descriptions are too short for search results: seven cases of one rule.
  const short = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`content/en/helps/page-${i}.md`, simplePage(`Help page number ${i}`)]));
  const result = await buildFixture({ ...baseFiles(), ...publicFiles(), ...short, 'content/en/helps/start.md': simplePage('Getting started with PolyBrowser', 'Read [pricing](/pricing).\n') });
  expect(result.ok).toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'sitegen-check-'));
  for (const [path, bytes] of result.output) {
    mkdirSync(dirname(join(dir, 'dist', path)), { recursive: true });
    writeFileSync(join(dir, 'dist', path), bytes);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sitegen check', () => {
  it('passes a freshly built site with exit 0 and reports as JSON for CI', async () => {
    const sink = io(dir);
    const code = await main(['check', '--json'], sink);
    const report = JSON.parse(sink.out);
    expect(report.counts.error, JSON.stringify(report.findings.filter((f: { severity: string }) => f.severity === 'error').slice(0, 5))).toBe(0);
    expect(code).toBe(0);
    expect(report.links.checked).toBeGreaterThan(100);
    // Timings to 0.1 ms, as build --json gives them.
    expect(Object.keys(report.timings)).toEqual(expect.arrayContaining(['links', 'html']));
    for (const ms of Object.values(report.timings) as number[]) expect(String(ms)).toMatch(/^\d+(\.\d)?$/);
  });

  it('exits 1 and names the code, file, line and column of a broken link, with the catalogue\'s hint, in the text, JSON and HTML reports', async () => {
    const page = join(dir, 'dist', MAIN, 'helps/start.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace(/<main id="main"[^>]*>/, '$&<a href="/helps/gone">x</a>'));
    const { title, hint } = CHECK_DIAGNOSTICS.CHECK_LINK_BROKEN;
    try {
      // Text: grouped by rule; the case at the template that writes the markup, on the page it was found on, then the hint.
      const text = io(dir);
      expect(await main(['check', '--html', 'report.html'], text)).toBe(1);
      const lines = text.err.split('\n');
      const at = lines.indexOf(`error CHECK_LINK_BROKEN (link-broken) ${title}: 1 error`);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(lines[at + 1]).toBe(`  templates/pages/articles.tsx template: href="/helps/gone": no page or file at https://${MAIN}/helps/gone`);
      expect(lines[at + 2]).toMatch(new RegExp(`^ {6}on ${MAIN}/helps/start\\.html:1:\\d+$`));
      expect(lines[at + 3]).toBe(`  hint: ${hint}`);
      expect(text.err).toMatch(/check failed: 1 error/);

      // JSON: the code, and the rule id reports had before codes; the output place and the source; each code's title and hint once.
      const json = io(dir);
      expect(await main(['check', '--json'], json)).toBe(1);
      const report = JSON.parse(json.out);
      const errors = report.findings.filter((f: { severity: string }) => f.severity === 'error');
      expect(errors).toEqual([{
        code: 'CHECK_LINK_BROKEN', rule: 'link-broken', severity: 'error', file: `${MAIN}/helps/start.html`, line: 1, column: expect.any(Number),
        message: expect.stringContaining('href="/helps/gone"'), target: `https://${MAIN}/helps/gone`, source: { file: 'templates/pages/articles.tsx', what: 'template' },
      }]);
      expect(report.codes.CHECK_LINK_BROKEN).toEqual({ rule: 'link-broken', title, hint, count: 1 });
      expect(report.byRule['link-broken']).toBe(1);

      const html = readFileSync(join(dir, 'report.html'), 'utf8');
      expect(html).toContain('<tr data-severity="error" data-code="CHECK_LINK_BROKEN"><td>templates/pages/articles.tsx template</td>');
      expect(html).toContain('href=&quot;/helps/gone&quot;');
      expect(html).toContain(`<td>CHECK_LINK_BROKEN</td><td>link-broken</td><td>${title}</td>`);
    } finally {
      writeFileSync(page, original);
    }
  });

  it('shows the first cases of each rule; --verbose and --json give every finding', async () => {
    const json = io(dir);
    expect(await main(['check', '--json'], json)).toBe(0);
    const report = JSON.parse(json.out) as { counts: { warning: number }; findings: { code: string; file: string; line?: number; column?: number; source?: { file: string; line?: number } }[] };
    const short = report.findings.filter((f) => f.code === 'CHECK_DESCRIPTION_LENGTH' && f.source?.file.startsWith('content/en/helps/'));
    expect(short.map((f) => f.source!.file).sort()).toEqual([...Array.from({ length: 6 }, (_, i) => `content/en/helps/page-${i}.md`), 'content/en/helps/start.md']);
    expect(report.findings).toHaveLength(report.counts.warning);

    const capped = io(dir);
    expect(await main(['check'], capped)).toBe(0);
    const header = capped.err.split('\n').find((line) => line.startsWith('warning CHECK_DESCRIPTION_LENGTH '));
    expect(header).toMatch(/: \d+ warnings( in \d+ places)?$/);
    const group = capped.err.slice(capped.err.indexOf(header!)).split('\n\n')[0]!.split('\n');
    expect(group.filter((line) => /^ {2}content\//.test(line))).toHaveLength(5);
    expect(group).toContainEqual(expect.stringMatching(/^ {2}\.\.\. and \d+ more cases \(--verbose shows all\)$/));

    const verbose = io(dir);
    expect(await main(['check', '--verbose'], verbose)).toBe(0);
    expect(verbose.err).not.toContain('--verbose shows all');
    for (const f of report.findings) expect(verbose.err).toContain(`${f.file}:${f.line}:${f.column}`);
    for (const f of short) expect(verbose.err).toContain(`  ${f.source!.file}:${f.source!.line}:1 description: `);
  });

  it('says what to do when there is no built site', async () => {
    const sink = io(dir);
    expect(await main(['check', '--dir', 'nowhere'], sink)).toBe(1);
    expect(sink.err).toContain('there is no built site at');
    expect(sink.err).toContain('run sitegen build first');
  });
});
