import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../../src/cli/main.js';
import { groupDigits } from '../../../src/cli/report.js';
import { formatDiagnostics } from '../../../src/errors/format-diagnostics.js';

function io(): CliIO & { out: string; err: string } {
  const sink = { out: '', err: '' };
  return Object.assign(sink, {
    stdout: (t: string) => { sink.out += t; },
    stderr: (t: string) => { sink.err += t; },
    isTTY: false, env: { CI: 'true' }, cwd: '/nonexistent',
  });
}

describe('sitegen CLI', () => {
  it('exits 2 on usage errors', async () => {
    expect(await main(['frobnicate'], io())).toBe(2);
    expect(await main(['build', '--no-such-flag'], io())).toBe(2);
    expect(await main(['build', '--quiet', '--verbose'], io())).toBe(2);
    const jobs = io();
    expect(await main(['build', '--jobs', '0'], jobs)).toBe(2);
    expect(jobs.err).toContain('must be a whole number of threads');
  });

  it('clean deletes the cache and the output directory, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-clean-'));
    // A build killed mid-way left its staging folder beside dist/ (the pid is this test's parent's: it
    // runs, so the folder must stay; 999999999 is no process).
    const leftover = `.sitegen-tmp-999999999-0a1b2c3d-${createHash('sha256').update('dist').digest('hex').slice(0, 8)}`;
    const running = `.sitegen-tmp-${process.ppid}-0a1b2c3d-${createHash('sha256').update('dist').digest('hex').slice(0, 8)}`;
    for (const path of ['node_modules/.cache/sitegen/markdown/ab/x.json', 'dist/index.html', 'content/site.yaml', `${leftover}/index.html`, `${running}/index.html`]) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), 'x');
    }
    const sink = { ...io(), cwd: root };
    expect(await main(['clean'], sink)).toBe(0);
    expect([existsSync(join(root, 'node_modules/.cache/sitegen')), existsSync(join(root, 'dist')), existsSync(join(root, 'content/site.yaml'))]).toEqual([false, false, true]);
    expect([existsSync(join(root, leftover)), existsSync(join(root, running))]).toEqual([false, true]);
    rmSync(root, { recursive: true, force: true });
  });

  it('serve without a built site says so in one line and exits 1, with no stack trace', async () => {
    const sink = Object.assign(io(), { cwd: mkdtempSync(join(tmpdir(), 'sitegen-noserve-')) });
    expect(await main(['serve', '--port', '0'], sink)).toBe(1);
    expect(sink.err).toBe(`sitegen serve: there is no built site at ${join(sink.cwd, 'dist')} (no edge-config.json): run sitegen build first, or pass the output directory with --dir\n`);
    rmSync(sink.cwd, { recursive: true, force: true });
  });

  it('prints its version and help with exit 0', async () => {
    const a = io();
    expect(await main(['--version'], a, '1.2.3')).toBe(0);
    expect(a.out.trim()).toBe('1.2.3');
    const b = io();
    expect(await main(['build', '--help'], b)).toBe(0);
    expect(b.out).toContain('--json');
  });

  it('shows examples in the help of every command', async () => {
    const build = io();
    expect(await main(['build', '--help'], build)).toBe(0);
    expect(build.out).toContain('\nExamples:\n');
    expect(build.out).toMatch(/^ {2}\$ sitegen build --check +build, then check links/m);
    for (const command of ['dev', 'serve', 'check', 'clean']) {
      const help = io();
      expect(await main([command, '--help'], help)).toBe(0);
      expect(help.out, command).toMatch(new RegExp(`\\nExamples:\\n {2}\\$ sitegen ${command}\\b`));
    }
    const top = io();
    await main(['--help'], top);
    expect(top.out).toContain('$ sitegen serve');
  });

  it('exits 1 and reports the missing configuration as JSON for CI', async () => {
    const sink = io();
    expect(await main(['build', '--json', '--root', '/nonexistent'], sink)).toBe(1);
    const report = JSON.parse(sink.out);
    expect(report).toMatchObject({ ok: false, errors: 1, diagnostics: [{ code: 'CONFIG_NOT_FOUND', severity: 'error', file: 'content/site.yaml' }] });
  });
});

describe('report formatting', () => {
  it('groups digits with spaces', () => {
    expect(groupDigits(1234567)).toBe('1 234 567');
    expect(groupDigits(12)).toBe('12');
  });

  it('shows location, frame, hint and docs link, without colour off a terminal', () => {
    const text = formatDiagnostics([{ code: 'UNKNOWN_TAG', severity: 'error', message: 'tag "x" is not listed', file: 'content/en/blog/a.md', position: { line: 7, column: 8 }, frame: '> 7 | tags: [x]' }], { color: false, verbose: false });
    expect(text).toBe([
      'error [UNKNOWN_TAG] content/en/blog/a.md:7:8 tag "x" is not listed',
      '    > 7 | tags: [x]',
      '    hint: Use a tag listed in data/categories.yaml of the content folder, or add it there (and its name to every messages file).',
      '    docs: docs/errors.md#unknown_tag',
    ].join('\n'));
    expect(text).not.toContain('\u001b[');
  });

  it('gives the hint of a code once, under its first error', () => {
    const broken = (file: string) => ({ code: 'BROKEN_LINK' as const, severity: 'error' as const, message: 'link "/x" points to /x, which does not exist in en', file });
    const lines = formatDiagnostics([broken('content/en/blog/a.md'), broken('content/en/blog/b.md'), { ...broken('content/en/blog/c.md'), code: 'MISSING_ASSET' }], { color: false, verbose: false }).split('\n');
    expect(lines.filter((line) => line.startsWith('    hint: '))).toEqual([
      '    hint: Link to a page that exists in this locale. Write site links without the locale prefix ("/pricing"); sitegen adds it.',
      '    hint: Put the file in the public folder of the content folder (it is served from the site root), or fix the path.',
    ]);
    expect(lines[1]).toMatch(/^    hint: Link to a page/);
  });

  it('caps repeated warnings unless verbose', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ code: 'MISSING_TRANSLATION' as const, severity: 'warning' as const, message: `k${i}` }));
    expect(formatDiagnostics(many, { color: false, verbose: false })).toContain('... and 4 more MISSING_TRANSLATION warnings');
    // Twelve warnings, and the hint and docs link under the first.
    expect(formatDiagnostics(many, { color: false, verbose: true }).split('\n')).toHaveLength(14);
  });
});
