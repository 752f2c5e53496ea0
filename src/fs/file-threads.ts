import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { linkOrCopy, replaceWithLink } from './link-or-copy.js';
import { removeEntries, removeTree } from './remove-tree.js';

/**
 * Files below which a second thread costs more than it saves: starting one takes tens of
 * milliseconds, a link about ten microseconds.
 */
export const THREAD_FROM = 8192;

/**
 * A self-contained function (it uses nothing from outside its own body but the file system and
 * crypto modules and `input`, which it is given) run in a thread of its own, `input` copied to it. The file system's calls are where a
 * large output's time goes (127 000 links and as many removals for the 1000-article benchmark), and
 * the kernel runs two threads' calls at once: two threads link those files in 1.05 s against 1.6 s.
 * Evaluated from the function's own text, so that it runs the same from the sources (tests) and
 * from the compiled CLI, which has no file of its own for it (file-threads.test.ts runs both).
 */
export function inThread<I, O>(run: (files: typeof fs, input: I, hashes: typeof crypto) => O, input: I): Promise<O> {
  return new Promise((resolve, reject) => {
    const code = `const { parentPort, workerData } = require('node:worker_threads');\nparentPort.postMessage((${run.toString()})(require('node:fs'), workerData, require('node:crypto')));`;
    const worker = new Worker(code, { eval: true, workerData: input });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread ended (${code}) before it answered`)));
  });
}

/** In a thread: links each file to its path in the folder `into`, or copies it where no link can be made; the indexes of those copied. */
export function linkPairs(files: typeof fs, { into, pairs }: { into: string; pairs: [from: string, path: string][] }): number[] {
  const copied: number[] = [];
  pairs.forEach(([from, path], i) => {
    const to = `${into}/${path}`;
    try {
      files.linkSync(from, to);
    } catch {
      files.copyFileSync(from, to);
      copied.push(i);
    }
  });
  return copied;
}

/**
 * Each file linked to its path in the folder `into`, or copied where no link can be made
 * (linkOrCopy), the first half in a thread of its own while this one does the rest; the indexes of
 * those copied. Every folder is made already. A thread that fails (it could not start) leaves its
 * half to this one.
 */
export async function linkAll(into: string, pairs: readonly [from: string, path: string][], done?: () => void): Promise<Set<number>> {
  const copied = new Set<number>();
  const half = pairs.length >= THREAD_FROM ? Math.floor(pairs.length / 2) : 0;
  const there = half ? inThread(linkPairs, { into, pairs: pairs.slice(0, half) }) : Promise.resolve([]);
  there.catch(() => undefined); // awaited below
  let fromThread: number[] | undefined;
  try {
    for (let i = half; i < pairs.length; i++) {
      if (linkOrCopy(pairs[i]![0], join(into, pairs[i]![1])) === 'copied') copied.add(i);
      done?.();
    }
  } finally {
    // A failure here ends the build, which removes the folder: not while the thread still links into it.
    fromThread = await there.catch(() => undefined);
  }
  for (let i = 0; i < half; i++) {
    // Made again here when the thread failed, replacing what it made: a copy over a link it made would write into the source.
    if (fromThread === undefined && replaceWithLink(pairs[i]![0], join(into, pairs[i]![1])) === 'copied') copied.add(i);
    done?.();
  }
  for (const i of fromThread ?? []) copied.add(i);
  return copied;
}

/**
 * Sources from which a second thread reads half: starting one takes tens of milliseconds, reading
 * a small file about fifty microseconds.
 */
export const READ_THREAD_FROM = 2048;

/**
 * In a thread: the SHA-256 (hex) of each file below `root`, null for one that is not there, false
 * for one that could not be read otherwise (the caller reads it again to report why). Each file is
 * read into one buffer used again for the next: a buffer each, as readFileSync makes, was a fifth of
 * the load stage's time at 14 786 files (0.2 s), in the page faults of memory touched for the
 * first time, and garbage after.
 */
export function digestFiles(files: typeof fs, { root, paths }: { root: string; paths: string[] }, hashes: typeof crypto): (string | null | false)[] {
  let buffer = new Uint8Array(1 << 16);
  return paths.map((path) => {
    let fd: number;
    try {
      fd = files.openSync(`${root}/${path}`, 'r');
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : false;
    }
    try {
      let size = 0;
      for (;;) {
        // Read until a read gives nothing (what readFileSync does too), growing a full buffer first.
        if (size === buffer.byteLength) {
          const larger = new Uint8Array(buffer.byteLength * 2);
          larger.set(buffer);
          buffer = larger;
        }
        const read = files.readSync(fd, buffer, size, buffer.byteLength - size, null);
        if (read === 0) break;
        size += read;
      }
      return hashes.createHash('sha256').update(buffer.subarray(0, size)).digest('hex');
    } catch {
      return false;
    } finally {
      files.closeSync(fd);
    }
  });
}

/**
 * The SHA-256 of each file below `root` (digestFiles), half of a large set read in a thread of its
 * own while this one reads the rest: the kernel serves two threads' reads at once.
 */
export async function digestAll(root: string, paths: readonly string[]): Promise<(string | null | false)[]> {
  return (await shareWithThread(digestFiles, root, paths, 0.5, READ_THREAD_FROM))!;
}

/**
 * In a thread: each file's size, modification time and inode, three numbers a file in the order of
 * `paths` (below `root`); null when one cannot be stat'ed.
 */
export function statFiles(files: typeof fs, { root, paths }: { root: string; paths: string[] }): number[] | null {
  const records: number[] = [];
  for (const path of paths) {
    const stat = files.statSync(`${root}/${path}`, { throwIfNoEntry: false });
    if (!stat) return null;
    records.push(stat.size, stat.mtimeMs, stat.ino);
  }
  return records;
}

/**
 * Each file's size, modification time and inode (statFiles), a share of a large set (`aside`, from
 * 0 to 1) stat'ed in a thread of its own while this one stats the rest: all of it when this thread
 * has other work meanwhile, half when it waits. The calls cost about ten microseconds each, and a
 * build stamps every file of its output (64 000 at 1000 articles a locale: 0.7 s). Null when a
 * file cannot be stat'ed.
 */
export function statAll(root: string, paths: readonly string[], aside: number): Promise<number[] | null> {
  return shareWithThread(statFiles, root, paths, aside, THREAD_FROM);
}

/** A self-contained function of the files below `root`: answers in the order of `paths`, or null for all of them (statFiles). */
type PerFile<T> = (files: typeof fs, input: { root: string; paths: string[] }, hashes: typeof crypto) => T[] | null;

/**
 * `run` over `paths`: a share of them (`aside`, from 0 to 1) in a thread of its own when there are
 * `from` or more, while this thread does the rest. A thread that fails (it could not start) leaves
 * its share to this one; null when either share is null.
 */
async function shareWithThread<T>(run: PerFile<T>, root: string, paths: readonly string[], aside: number, from: number): Promise<T[] | null> {
  const there = paths.length >= from ? Math.floor(paths.length * aside) : 0;
  const away = there ? inThread(run, { root, paths: paths.slice(0, there) }) : Promise.resolve([]);
  away.catch(() => undefined); // awaited below
  const here = run(fs, { root, paths: paths.slice(there) }, crypto);
  // A thread that failed (undefined), not one that answered null, leaves its share to this one.
  const fromThread = await away.catch(() => undefined);
  const first = fromThread === undefined ? run(fs, { root, paths: paths.slice(0, there) }, crypto) : fromThread;
  return first && here && [...first, ...here];
}

/**
 * A folder removed (remove-tree.ts) in a thread of its own when it holds about `files` files or
 * more, so that this one goes on meanwhile (a build's stamp and caches, after the previous output
 * was replaced); here and now when it is small, or when the thread fails. Never rejects: what
 * cannot be removed (a permission) stays for the next build's sweep (staging.ts), as the folders
 * of a killed build do.
 */
export async function removeTreeAside(dir: string, files: number): Promise<void> {
  if (files >= THREAD_FROM) {
    try {
      return await inThread(removeEntries, dir);
    } catch {
      // Whatever the thread did not remove is removed below.
    }
  }
  try {
    removeTree(dir);
  } catch {
    // Left for the sweep.
  }
}

/** For the test that runs it from the compiled CLI's text (file-threads.test.ts). */
export { removeEntries };
