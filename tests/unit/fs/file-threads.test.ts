import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { emitSite } from '../../../src/emit/emit-site.js';
import { openStaging } from '../../../src/emit/staging.js';
import { digestAll, linkAll, READ_THREAD_FROM, removeTreeAside, statAll, THREAD_FROM } from '../../../src/fs/file-threads.js';
import { nodeSourceFs } from '../../../src/fs/source-fs.js';
import { sourceDigest } from '../../../src/model/sources.js';
import type { OutputBytes } from '../../../src/model/output-file.js';
import { CLI_COMPILE } from '../../helpers/build-worker.js';
import { ROOT } from '../../helpers/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-file-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` small files in folders of a hundred, by path relative to `root`. */
function filesIn(root: string, count: number): string[] {
  const paths = Array.from({ length: count }, (_, i) => `f${Math.floor(i / 100)}/${i}.txt`);
  for (let f = 0; f * 100 < count; f++) mkdirSync(join(root, `f${f}`), { recursive: true });
  for (const [i, path] of paths.entries()) writeFileSync(join(root, path), `file ${i}`);
  return paths;
}

describe('linkAll', () => {
  it('links as many files as a large output has, half of them in a thread of its own, and says which it had to copy', async () => {
    const from = join(dir, 'from');
    const to = join(dir, 'to');
    const paths = filesIn(from, THREAD_FROM + 10);
    for (const path of paths) mkdirSync(join(to, path, '..'), { recursive: true });
    // Where a file is there already no link can be made: it is copied over (one in each half).
    const taken = [3, paths.length - 3];
    for (const i of taken) writeFileSync(join(to, paths[i]!), 'in the way');
    let done = 0;
    const copied = await linkAll(to, paths.map((path) => [join(from, path), path]), () => done++);
    expect(done).toBe(paths.length);
    expect([...copied].sort((a, b) => a - b)).toEqual(taken);
    const wrong = paths.filter((path, i) => {
      const [a, b] = [statSync(join(from, path)), statSync(join(to, path))];
      return readFileSync(join(to, path), 'utf8') !== `file ${i}` || (a.ino === b.ino) === taken.includes(i);
    });
    expect(wrong).toEqual([]);
  });
});

describe('digestAll', () => {
  it('gives the SHA-256 of each of a content folder\'s files, half read in a thread, whatever their size; none for a file that is not there', async () => {
    const root = join(dir, 'sources');
    const paths = filesIn(root, READ_THREAD_FROM + 10);
    // Larger than the buffer a reader starts with, in each half: it grows and reads on.
    const large = [5, paths.length - 5];
    for (const i of large) writeFileSync(join(root, paths[i]!), `${'x'.repeat(200_000)} ${i}`);
    rmSync(join(root, paths[7]!));
    const digests = await digestAll(root, paths);
    const expected = paths.map((path) => (existsSync(join(root, path)) ? sourceDigest(readFileSync(join(root, path))) : null));
    expect(digests).toEqual(expected);
    expect(expected.filter((d) => d === null)).toHaveLength(1);
    // A path that cannot be read as a file is false, for the caller to read and report again.
    expect(await digestAll(root, ['f0'])).toEqual([false]);
  });

  it('is what nodeSourceFs gives the load stage, which reads a file it could not digest again to say why', async () => {
    const root = join(dir, 'reader');
    const paths = filesIn(root, 20);
    const fs = nodeSourceFs(root);
    expect(await fs.digests!([...paths, 'missing.md'])).toEqual([...paths.map((path) => sourceDigest(readFileSync(join(root, path)))), undefined]);
    await expect(fs.digests!(['f0'])).rejects.toThrow(/EISDIR/);
    // A reader spread into one that overrides the reads does not digest past its overrides.
    expect({ ...fs, readBytesSync: () => undefined }.digests).toBeUndefined();
  });
});

describe('statAll', () => {
  it('gives each file\'s size, time and inode as statSync does, whatever share a thread takes; null when one is missing', async () => {
    const root = join(dir, 'stamped');
    const paths = filesIn(root, THREAD_FROM + 10);
    writeFileSync(join(root, paths[3]!), 'a longer file than the others');
    const expected = paths.flatMap((path) => {
      const stat = statSync(join(root, path));
      return [stat.size, stat.mtimeMs, stat.ino];
    });
    for (const aside of [0, 0.5, 1]) expect({ aside, records: await statAll(root, paths, aside) }).toEqual({ aside, records: expected });
    rmSync(join(root, paths[1]!));
    rmSync(join(root, paths.at(-1)!));
    for (const aside of [0, 0.5, 1]) expect({ aside, records: await statAll(root, paths, aside) }).toEqual({ aside, records: null });
  });
});

describe('removeTreeAside', () => {
  it('removes a large tree in a thread of its own, links inside it removed and not followed', async () => {
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'kept');
    const tree = join(dir, 'large');
    filesIn(tree, THREAD_FROM + 10);
    mkdirSync(join(tree, 'a/b/c'), { recursive: true });
    symlinkSync(outside, join(tree, 'a/b/link'));
    await removeTreeAside(tree, THREAD_FROM + 10);
    expect(existsSync(tree)).toBe(false);
    expect(readFileSync(outside, 'utf8')).toBe('kept');
    await expect(removeTreeAside(join(dir, 'not-there'), THREAD_FROM)).resolves.toBeUndefined();
  });
});

describe('emitSite with a large output', () => {
  it('links every copy, tells the stamp which files are one, and removes the previous output by the time it says so', async () => {
    const parent = join(dir, 'site');
    const out = join(parent, 'dist');
    mkdirSync(join(out, 'old'), { recursive: true });
    filesIn(join(out, 'old'), 20);
    const pages = Array.from({ length: THREAD_FROM + 10 }, (_, i): [string, OutputBytes] => [`host/${Math.floor(i / 100)}/${i}.html`, new TextEncoder().encode(`<p>${i}</p>`)]);
    const output = new Map(pages.flatMap(([path, bytes]) => [[path, bytes], [`.vercel/output/static/${path}`, bytes]]));
    const { sameFiles, retiredGone } = await emitSite(output, await openStaging(out));
    await retiredGone;
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(existsSync(join(out, 'old'))).toBe(false);
    expect(sameFiles.size).toBe(pages.length);
    const wrong = pages.filter(([path], i) => {
      const copy = `.vercel/output/static/${path}`;
      return sameFiles.get(copy) !== path || statSync(join(out, copy)).ino !== statSync(join(out, path)).ino || readFileSync(join(out, copy), 'utf8') !== `<p>${i}</p>`;
    });
    expect(wrong).toEqual([]);
  });
});

describe('inThread', () => {
  // The functions run from their own text: what the compiled CLI's bundler makes of them must still stand alone.
  it('runs linkPairs, digestFiles, statFiles and removeEntries in a thread, from the sources and as bin/sitegen compiles them', async () => {
    const bundle = join(dir, 'bundle');
    await esbuild.build({ ...CLI_COMPILE, entryPoints: { threads: join(ROOT, 'src/fs/file-threads.ts') }, outdir: bundle });
    const compiled = (await import(pathToFileURL(join(bundle, 'threads.mjs')).href)) as typeof import('../../../src/fs/file-threads.js');
    const fromSources = await import('../../../src/fs/file-threads.js');
    for (const [name, threads] of [['sources', fromSources], ['compiled', compiled]] as const) {
      const from = join(dir, `${name}-from`);
      const to = join(dir, `${name}-to`);
      const paths = filesIn(from, 150);
      for (const path of paths) mkdirSync(join(to, path, '..'), { recursive: true });
      expect(await threads.inThread(threads.linkPairs, { into: to, pairs: paths.map((path): [string, string] => [join(from, path), path]) })).toEqual([]);
      expect(paths.every((path) => statSync(join(from, path)).ino === statSync(join(to, path)).ino)).toBe(true);
      expect(await threads.inThread(threads.digestFiles, { root: from, paths: [paths[0]!, 'missing'] })).toEqual([sourceDigest(readFileSync(join(from, paths[0]!))), null]);
      const stat = statSync(join(from, paths[0]!));
      expect(await threads.inThread(threads.statFiles, { root: from, paths: [paths[0]!] })).toEqual([stat.size, stat.mtimeMs, stat.ino]);
      await threads.inThread(threads.removeEntries, to);
      expect({ name, left: existsSync(to) }).toEqual({ name, left: false });
    }
  });
});
