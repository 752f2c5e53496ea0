import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../../src/cli/main.js';
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
  const result = await buildFixture({ ...baseFiles(), ...publicFiles(), 'content/en/helps/start.md': simplePage('Getting started with PolyBrowser', 'Read [pricing](/pricing).\n') });
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
  });

  it('exits 1 and names file, line, column and rule of a broken link, and writes the HTML report', async () => {
    const page = join(dir, 'dist', MAIN, 'helps/start.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace('<main id="main" tabindex="-1">', '<main id="main" tabindex="-1"><a href="/helps/gone">x</a>'));
    try {
      const sink = io(dir);
      expect(await main(['check', '--html', 'report.html'], sink)).toBe(1);
      // Grouped by file: the file's name, then its findings (a description-length warning may come first).
      expect(sink.err).toMatch(new RegExp(`${MAIN}/helps/start.html\\n(?:  .*\\n)*?\\s+1:\\d+\\s+error\\s+href="/helps/gone": no page or file at https://${MAIN}/helps/gone\\s+link-broken`));
      expect(sink.err).toMatch(/check failed: 1 error/);
      const html = readFileSync(join(dir, 'report.html'), 'utf8');
      expect(html).toContain('<td>link-broken</td>');
      expect(html).toContain('href=&quot;/helps/gone&quot;');
    } finally {
      writeFileSync(page, original);
    }
  });

  it('says what to do when there is no built site', async () => {
    const sink = io(dir);
    expect(await main(['check', '--dir', 'nowhere'], sink)).toBe(1);
    expect(sink.err).toContain('there is no built site at');
    expect(sink.err).toContain('run sitegen build first');
  });
});
