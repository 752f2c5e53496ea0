import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Not part of npm test (minutes of builds in child processes): npm run bench:smoke runs it.
import { ROOT } from '../helpers/fixture.js';

describe('npm run bench (smoke run: 1 article per locale, one run, no peers)', () => {
  it('generates the corpus, builds it cold, warm, rebuilt, after an edit and as CI runs with a restored cache, and 4× as large, times edits in sitegen dev, and prints the table and the goals', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-bench-'));
    try {
      const run = spawnSync(process.execPath, [join(ROOT, 'tests/bench/site-bench.mjs'), '--articles', '1', '--runs', '1', '--edits', '2', '--no-peers', '--scale', '--dir', join(dir, 'corpus')], { encoding: 'utf8', timeout: 880_000 });
      expect(run.status, run.stderr).toBe(0);
      const rows: Record<string, { pages: number; wall: number; largest: number; all: number }> = Object.fromEntries([...run.stdout.matchAll(/^\s*(sitegen [A-Za-z ×\d,]+?)\s+(\d+)\s+([\d.]+)\s+(\d+)\s+(\d+|NaN)\s+(\d+|NaN)$/gm)].map((m) => [m[1], { pages: Number(m[2]), wall: Number(m[3]), largest: Number(m[5]), all: Number(m[6]) }]));
      expect(Object.keys(rows)).toEqual(['sitegen cold', 'sitegen cold, social cached', 'sitegen Markdown only', 'sitegen warm', 'sitegen rebuild', 'sitegen one edit', 'sitegen CI body edit', 'sitegen CI title', 'sitegen CI new article', 'sitegen cold ×4', 'sitegen CI body edit ×4']);
      for (const row of Object.values(rows)) expect(row.pages).toBeGreaterThan(1126);
      // Each row's line on stderr, printed as the row ends, carries what the table would (a stopped run keeps it).
      for (const [name, row] of Object.entries(rows)) expect(run.stderr).toContain(`  ${name}: ${row.wall.toFixed(2)} s; peak ${row.largest} MiB, all processes ${row.all} MiB\n`);
      // All of a build's processes hold at least what its largest holds: the cold build's drawing processes add to it.
      for (const row of Object.values(rows)) expect(row.all).toBeGreaterThanOrEqual(row.largest);
      expect(rows['sitegen cold']!.all).toBeGreaterThan(rows['sitegen cold']!.largest);
      expect(run.stdout).toMatch(/^cold pages\/s vs Eleventy \(report\)\s+n\/a/m);
      expect(run.stdout).toMatch(/^sitegen CI body edit ≤ 0\.3× Hugo cold\s+n\/a/m);
      expect(run.stdout).toMatch(/^cold ≤ 1\.15× Markdown only \([\d.]+×\)\s+[\d.]+\s+1\s+(yes|no)$/m);
      expect(run.stdout).toMatch(/^peak RSS, cold ≤ 1\.5 GiB \(all processes\)\s+[\d.]+\s+1\s+(yes|no)$/m);
      expect(run.stdout).toMatch(/^peak RSS, cold ×4 ≤ 1\.5 GiB \(all processes\)\s+[\d.]+\s+1\s+(yes|no)$/m);
      expect(run.stdout).toMatch(/one-file edit, full CLI run: [\d.]+ s; nothing changed but --rebuild: [\d.]+ s/);
      expect(run.stdout).toMatch(/^4× content ≤ 4\.2× time, cold \([\d.]+×\)\s+[\d.]+\s+1\s+(yes|no)$/m);
      expect(run.stdout).toMatch(/^4× content ≤ 4\.2× time, CI \([\d.]+×\)\s+[\d.]+\s+1\s+(yes|no)$/m);
      // Nothing changed between the cold and the warm run: the warm build kept the output (the CLI's
      // JSON says so; which run was faster is the machine's business).
      expect(run.stdout).toContain('sitegen warm: the output was up to date and kept in every run');
      expect(run.stdout).toMatch(/^dev edit median < 50 ms\s+[\d.]+\s+1\s+(yes|no)$/m);
      expect(run.stdout).toMatch(/sitegen dev, one article edited: median \d+ ms .*2 edits/);
      // The social images: drawn in the cold build, none with their cache; what they add to it.
      const drawnCold = /^ {2}sitegen cold\s+[\d.]+ s {2}\((\d+) drawn\)$/m.exec(run.stdout);
      expect(Number(drawnCold?.[1])).toBeGreaterThan(1126);
      expect(run.stdout).toMatch(/^ {2}sitegen cold, social cached\s+[\d.]+ s {2}\(0 drawn\)$/m);
      expect(run.stdout).toMatch(/^ {2}they add -?[\d.]+ s to a cold build/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000); // seven builds of ~1 200 pages (two of them drawing ~1 150 social images) and a dev server, in one process each
});

describe('npm run bench:versions (smoke run: this checkout against itself)', () => {
  it('times both in turn, prints the ratios, and finds every output file the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-versions-'));
    try {
      const run = spawnSync(process.execPath, [join(ROOT, 'tests/bench/versions-bench.mjs'), '--baseline', ROOT, '--articles', '1', '--runs', '1', '--edits', '1', '--dir', join(dir, 'corpus')], { encoding: 'utf8', timeout: 880_000 });
      expect(run.status, run.stderr).toBe(0);
      for (const label of ['cold', 'warm \\(nothing changed\\)', 'rebuild \\(--rebuild\\)', 'one edit', 'dev edit \\(ms, median of 1\\)']) {
        expect(run.stdout).toMatch(new RegExp(`^\\| ${label} \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| \\d+ \\| \\d+ \\|$`, 'm'));
      }
      expect(run.stdout).toMatch(/cold builds' output: \d+ files; every file byte-identical/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000); // two cold builds drawing ~1 150 social images each
});
