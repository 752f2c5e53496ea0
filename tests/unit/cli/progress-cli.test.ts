import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseFiles, blogPost, projectOnDisk, ROOT } from '../../helpers/fixture.js';

const root = projectOnDisk({
  ...baseFiles(),
  'content/en/blog/one.md': blogPost({ title: 'One' }, 'The first post.\n'),
  'content/en/blog/two.md': blogPost({ title: 'Two' }, 'The second post.\n'),
}, 'sitegen-progress-');
const cacheDir = mkdtempSync(join(tmpdir(), 'sitegen-progress-cache-'));
afterAll(() => [root, cacheDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * `sitegen build` as CI runs it: a child process whose stderr is a pipe, with CI set. The plain
 * lines come every 5 s of a running stage; SITEGEN_PROGRESS_INTERVAL_MS=0 makes every item print
 * one, so a build of a few pages shows them without the test waiting on the clock.
 */
function build(...args: string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '--no-cache', '--rebuild', ...args], {
    encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: '1', SITEGEN_PROGRESS_INTERVAL_MS: '0' },
  });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

const PROGRESS = /^ {2}(parse|social|render|search|emit) +[\d ]+ \/ [\d ]+ (bodies|images|pages|files)( {2}[\d ]+\/s)?$/;

describe('sitegen build progress without a terminal', () => {
  it('prints plain progress lines (counts of bodies, images, pages, files) before each long stage\'s closing line, with no terminal control codes', () => {
    const lines = build().stderr.split('\n');
    const progress = lines.filter((line) => PROGRESS.test(line));
    expect(new Set(progress.map((line) => line.trim().split(' ')[0]))).toEqual(new Set(['parse', 'social', 'render', 'search', 'emit']));
    for (const stage of ['parse', 'social', 'render', 'search', 'emit']) {
      const closing = lines.findIndex((line) => new RegExp(`^ {2}${stage} +[\\d.]+ m?s$`).test(line));
      const last = lines.map((line) => PROGRESS.test(line) && line.trim().startsWith(`${stage} `)).lastIndexOf(true);
      expect(last, stage).toBeGreaterThanOrEqual(0);
      expect(closing, stage).toBeGreaterThan(last);
    }
    // Every item printed a line (interval 0): each stage's last line counts all of its items.
    for (const stage of ['parse', 'social', 'render', 'search', 'emit']) {
      const [, done, total] = /([\d ]+) \/ ([\d ]+) /.exec(progress.filter((line) => line.trim().startsWith(`${stage} `)).at(-1)!)!;
      expect(done!.trim(), stage).toBe(total!.trim());
    }
    expect(lines.join('\n')).not.toMatch(/[\r\u001b]/);
  });

  it('prints no progress with --quiet', () => {
    const { stderr } = build('--quiet');
    expect(stderr.split('\n').filter((line) => PROGRESS.test(line))).toEqual([]);
    expect(stderr).not.toMatch(/^ {2}parse /m);
    expect(stderr).toMatch(/^built \d+ pages/m);
  });

  it('reports --json timings rounded to 0.1 ms, and no progress on stderr', () => {
    const run = build('--json');
    const report = JSON.parse(run.stdout) as { timings: Record<string, number>; totalMs: number };
    const times = [...Object.values(report.timings), report.totalMs];
    expect(times.length).toBeGreaterThan(1);
    for (const ms of times) expect(String(ms)).toMatch(/^\d+(\.\d)?$/);
    expect(run.stderr.split('\n').filter((line) => PROGRESS.test(line))).toEqual([]);
  });
});
