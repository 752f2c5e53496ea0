import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStaging } from '../../../src/emit/staging.js';
import { MAIN, projectOnDisk, ROOT } from '../../helpers/fixture.js';
import { linkSampleSocialImages } from '../../helpers/social-images-setup.js';

/**
 * Issue 19: a build killed mid-way left `.sitegen-tmp-*` and `.sitegen-old-*` folders (18-24 MB each)
 * that later builds never removed, although emit's comment said they did. Every build now removes
 * the staging folders of builds that no longer run, and only those, by name.
 */

const roots: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The staging folders of builds next to a project's output. */
const leftovers = (root: string) => readdirSync(root).filter((name) => name.startsWith('.sitegen-')).sort();

function files(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) found.set(join(e.parentPath, e.name).slice(dir.length), readFileSync(join(e.parentPath, e.name)).toString('base64'));
  }
  return found;
}

/** The id of a process that has ended (the system does not give it again this soon, short of wrapping around). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('a build killed mid-way', () => {
  it('leaves the previous output as it was, and the next build removes its staging folders', async () => {
    const root = projectOnDisk({}, 'sitegen-killed-');
    roots.push(root);
    cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true });
    const cacheDir = join(root, '.cache');
    // The sample site's social images, drawn once for the test run: this copy need not draw them again.
    linkSampleSocialImages(cacheDir);
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '-q', ...args], { encoding: 'utf8', timeout: 300_000, env: { ...process.env, CI: 'true' } });

    const first = cli();
    expect(first.status, first.stderr).toBe(0);
    const before = files(join(root, 'dist'));
    expect(leftovers(root)).toEqual([]);

    // A build that renders every page (no cache, no reuse of the previous output), killed while its
    // pages are being written to its staging folder.
    const page = join(root, 'content/en/helps/install-the-client.md');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace(/\n$/, '\n\nOne more line.\n'));
    const killed = spawn(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '-q', '--no-cache', '--rebuild'], { env: { ...process.env, CI: 'true' }, stdio: 'ignore' });
    children.push(killed);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => killed.on('exit', (_code, signal) => resolve(signal)));
    await expect.poll(() => {
      const staging = leftovers(root).find((name) => name.startsWith('.sitegen-tmp-'));
      return staging !== undefined && readdirSync(join(root, staging), { recursive: true }).some((name) => String(name).endsWith('.html'));
    }, { timeout: 240_000, interval: 20 }).toBe(true);
    killed.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');
    expect(leftovers(root)).toEqual([expect.stringMatching(new RegExp(`^\\.sitegen-tmp-${killed.pid}-[0-9a-f]{8}-${tagOf('dist')}$`))]);
    expect(files(join(root, 'dist'))).toEqual(before);

    const clean = cli();
    expect(clean.status, clean.stderr).toBe(0);
    expect(leftovers(root)).toEqual([]);
    expect(readFileSync(join(root, `dist/${MAIN}/helps/install-the-client.html`), 'utf8')).toContain('One more line.');
    // A ceiling for a hang, not a speed: three whole builds of the sample site in their own cache
    // folder (the first draws every social image) passed the default 180 s in CI at load 22.
  }, 900_000);
});

/** The tag staging folders carry for the output folder named `name` (staging.ts). */
const tagOf = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 8);

describe('sweepStaging', () => {
  it('removes only the staging folders of builds that no longer run, and puts back an output a killed swap had moved aside', async () => {
    const root = projectOnDisk({}, 'sitegen-sweep-');
    roots.push(root);
    const dead = deadPid();
    const alive = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(alive);
    const make = (name: string, file = 'index.html', text = name) => {
      mkdirSync(join(root, name), { recursive: true });
      writeFileSync(join(root, name, file), text);
    };
    const dist = tagOf('dist');
    const preview = tagOf('dist-preview');
    // The swap of a build killed between its two renames: no dist/, the previous output aside.
    make(`.sitegen-old-${dead}-0a1b2c3d-${dist}`, 'index.html', 'previous output');
    make(`.sitegen-tmp-${dead}-0a1b2c3d-${dist}`);
    make(`.sitegen-tmp-${dead}-99999999-${dist}`);
    make(`.sitegen-tmp-${alive.pid}-12345678-${dist}`); // another build, still running
    make('.sitegen-tmp-notes'); // not a name a build gives
    make(`.sitegen-cache-${dead}-0a1b2c3d-${dist}`); // not its kind
    // Another output in the same folder (dist-preview/), newer: never put in place of dist/, and left to its own builds.
    make(`.sitegen-old-${dead}-0b0b0b0b-${preview}`, 'index.html', 'the preview output');
    await sweepStaging(join(root, 'dist'));
    expect(leftovers(root)).toEqual([`.sitegen-cache-${dead}-0a1b2c3d-${dist}`, `.sitegen-old-${dead}-0b0b0b0b-${preview}`, `.sitegen-tmp-${alive.pid}-12345678-${dist}`, '.sitegen-tmp-notes']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous output');

    // With an output in place, a leftover previous output is only removed.
    make(`.sitegen-old-${dead}-77777777-${dist}`, 'index.html', 'older output');
    await sweepStaging(join(root, 'dist'));
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous output');
    expect(existsSync(join(root, `.sitegen-old-${dead}-77777777-${dist}`))).toBe(false);
  });
});
