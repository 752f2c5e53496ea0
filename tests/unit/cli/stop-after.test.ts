import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../../src/cli/main.js';
import { baseFiles, blogPost, projectOnDisk } from '../../helpers/fixture.js';

const io = (cwd: string): CliIO & { out: string; err: string } => {
  const sink = { out: '', err: '' };
  return Object.assign(sink, { stdout: (t: string) => { sink.out += t; }, stderr: (t: string) => { sink.err += t; }, isTTY: false, env: { CI: 'true' }, cwd });
};

const project = projectOnDisk({ ...baseFiles(), 'content/en/blog/one.md': blogPost({ title: 'One' }) }, 'sitegen-stop-after-');
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('sitegen build --stop-after', () => {
  it('runs the stages up to the one named, reports their times, and writes no output', async () => {
    const parse = io(project);
    expect(await main(['build', '--root', project, '--cache-dir', '.cache', '--no-cache', '--json', '--stop-after', 'parse'], parse)).toBe(0);
    const report = JSON.parse(parse.out) as { ok: boolean; stoppedAfter: string; timings: Record<string, number> };
    expect(report).toMatchObject({ ok: true, stoppedAfter: 'parse' });
    expect(Object.keys(report.timings)).toEqual(['load', 'parse']);
    // Stopped after render: pages were streamed to a staging folder, which is gone again.
    const render = io(project);
    expect(await main(['build', '--root', project, '--cache-dir', '.cache', '--stop-after', 'render'], render)).toBe(0);
    expect(render.err).toContain('stopped after render');
    expect(existsSync(join(project, 'dist'))).toBe(false);
    expect(readdirSync(project).filter((name) => name.startsWith('.sitegen-'))).toEqual([]);
  });

  it('refuses a stage that is not one, and --check with it', async () => {
    const wrong = io(project);
    expect(await main(['build', '--stop-after', 'lunch'], wrong)).toBe(2);
    expect(wrong.err).toContain('Allowed choices are load, parse, validate, route, bundle, social, render');
    expect(await main(['build', '--stop-after', 'parse', '--check'], io(project))).toBe(2);
  });
});
