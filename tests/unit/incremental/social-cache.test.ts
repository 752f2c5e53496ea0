import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { isWholeCard } from '../../../src/incremental/social-cache.js';
import { baseFiles, blogPost, buildFixture, MAIN, projectOnDisk, ROOT } from '../../helpers/fixture.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

interface Report { ok: boolean; social?: { images: number; drawn: number }; timings: Record<string, number>; upToDate: boolean }

/** `sitegen build --json` as a CI job runs it, in its own process (its own memory: only the cache folder carries images over). */
function sitegen(root: string, cacheDir: string, ...args: string[]): Report {
  const run = spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '--json', ...args], { encoding: 'utf8', timeout: 300_000, env: { ...process.env, CI: 'true' } });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

const site = () => ({
  ...baseFiles(),
  'content/en/blog/hello.md': blogPost({ title: 'Hello, social image' }),
  'content/th/blog/hello.md': blogPost({ title: 'สวัสดีภาพสำหรับแชร์' }),
});

describe('the social image cache', () => {
  it('draws each card once: after a changed title only that card is drawn, and an image changed in the output is drawn again', () => {
    const root = projectOnDisk(site(), 'sitegen-social-');
    dirs.push(root);
    const cacheDir = tempDir('sitegen-social-cache-');
    const cold = sitegen(root, cacheDir);
    expect(cold.social!.images).toBeGreaterThan(50);
    expect(cold.social!.drawn).toBe(cold.social!.images);
    expect(cold.timings.social).toBeGreaterThan(0);
    const files = readdirSync(join(cacheDir, 'social'), { recursive: true }).filter((name) => String(name).endsWith('.png'));
    expect(files.length).toBe(cold.social!.images);

    // A new title is a new card: that one is drawn, the others come from the cache.
    writeFileSync(join(root, 'content/en/blog/hello.md'), blogPost({ title: 'Hello again, social image' }));
    const retitled = sitegen(root, cacheDir);
    expect(retitled.social).toEqual({ images: cold.social!.images, drawn: 1 });

    // An output image overwritten in place: the cache file emit linked it from changed with it.
    const html = readFileSync(join(root, 'dist', MAIN, 'blog/hello.html'), 'utf8');
    const path = /<meta property="og:image" content="https:\/\/[^/]+(\/assets\/og\/[0-9a-f]+\.png)"/.exec(html)![1]!;
    const output = join(root, 'dist', MAIN, path);
    const size = statSync(output).size;
    writeFileSync(output, 'not a picture');
    const repaired = sitegen(root, cacheDir);
    expect(repaired.upToDate).toBe(false);
    expect(repaired.social!.drawn).toBe(1);
    const redrawn = readFileSync(output);
    expect(isWholeCard(redrawn)).toBe(true);
    expect(redrawn.length).toBe(size);
  });

  it('keeps what a build that writes nothing drew in memory: the next such build of the process draws none, and no cache file is written', async () => {
    const cacheDir = tempDir('sitegen-social-memory-');
    const files = { ...site(), 'content/en/blog/memory.md': blogPost({ title: `Drawn once in process ${process.pid}` }) };
    const options = { root: ROOT, write: false, minify: true, cacheDir } as const;
    const first = await build({ ...options, fs: memorySourceFs(files) });
    const second = await build({ ...options, fs: memorySourceFs(files) });
    expect(first.ok && second.ok).toBe(true);
    expect(first.social!.drawn).toBeGreaterThanOrEqual(1);
    expect(second.social).toEqual({ images: first.social!.images, drawn: 0 });
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('finds images a build of the same process wrote to another cache folder, and keeps them in its own too', async () => {
    const files = { ...site(), 'content/en/blog/folders.md': blogPost({ title: `Seen on disk in process ${process.pid}` }) };
    const cacheOf = { a: tempDir('sitegen-social-a-cache-'), b: tempDir('sitegen-social-b-cache-') };
    const toDisk = (name: 'a' | 'b') => build({ root: ROOT, fs: memorySourceFs(files), outDir: join(tempDir(`sitegen-social-${name}-`), 'dist'), cacheDir: cacheOf[name], minify: true });
    const first = await toDisk('a');
    expect(first.social!.drawn).toBeGreaterThanOrEqual(1);
    const second = await toDisk('b');
    expect(second.ok).toBe(true);
    expect(second.social).toEqual({ images: first.social!.images, drawn: 0 });
    const pngs = (dir: string) => readdirSync(join(dir, 'social'), { recursive: true }).filter((name) => String(name).endsWith('.png')).sort();
    expect(pngs(cacheOf.b)).toEqual(pngs(cacheOf.a));
    expect(pngs(cacheOf.b).length).toBe(first.social!.images);
  });

  it('warns, naming the file, about characters of a title no font can draw', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/en/blog/launch.md': blogPost({ title: 'Launch day 🚀' }) });
    const warnings = result.diagnostics.filter((d) => d.code === 'SOCIAL_IMAGE_GLYPHS');
    expect(warnings.map((d) => [d.severity, d.file])).toEqual([['warning', 'content/en/blog/launch.md']]);
    expect(warnings[0]!.message).toContain('"🚀" (U+1F680)');
  });
});
