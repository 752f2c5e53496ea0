import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileOnDisk, PageStore } from '../model/output-file.js';

/**
 * The fresh sibling folder a build writes into before it replaces the output (emit-site.ts). Pages
 * arrive while they are rendered (`store`): each is written at once and from then on stands as the
 * file it became, so the build never holds the whole site in memory.
 */
export interface Staging {
  /** The output directory it will replace, absolute. */
  readonly target: string;
  /** The staging folder, absolute. */
  readonly dir: string;
  /** Where the previous output goes during the swap (a sibling named like the staging folder). */
  readonly retired: string;
  readonly store: PageStore;
  /** Every page handed to the store is written (rejects with the first failed write). */
  settled(): Promise<void>;
  /** The files handed to the store so far are written (not those handed meanwhile: the search stage reads the pages while sitemaps are written). */
  writtenSoFar(): Promise<void>;
  /** Removes the folder: the build failed, the previous output stays as it was. */
  discard(): Promise<void>;
  /** The build is done with its folders (emitSite, discard): from now on a sweep may remove what is left of them. */
  close(): void;
}

/** Pages waiting to be written: render pauses above this many, so memory stays bounded whatever the site's size. */
export const PENDING_WRITES = 128;

/**
 * Bytes waiting to be written, whatever the number of files: the sitemaps and reports of the
 * 4000-article corpus are two dozen files of 200 MB, all handed over within three seconds and held
 * for thirty while the search stage read pages from the same disk.
 */
export const PENDING_BYTES = 32 * 1024 * 1024;

/**
 * The folders a build makes next to the output, `.sitegen-tmp-<pid>-<8 hex>-<output>` (the new
 * output) and `.sitegen-old-<pid>-<8 hex>-<output>` (the previous one, during the swap): the process
 * id says whether the build that made them still runs, the random part tells two builds of one
 * process apart, and `<output>` (8 hex of the output folder's name) whose output they are: outputs
 * side by side (dist/, dist-preview/) share the parent, and a build must never put another output's
 * previous folder in place of its own.
 */
const STAGING_NAME = /^\.sitegen-(tmp|old)-([1-9]\d*)-([0-9a-f]{8})-([0-9a-f]{8})$/;

/** The part of the staging folders' names that says whose output they are. */
const outputTag = (target: string) => createHash('sha256').update(basename(target)).digest('hex').slice(0, 8);

/** This process's staging folders still in use (a dev session or a test may run two builds at once). */
const inUse = new Set<string>();

/**
 * A file on disk that holds the bytes of a digest, if there is one (the output cache's kept files,
 * src/incremental/output-snapshot.ts): such bytes are linked from it by emit rather than written again.
 */
export type KnownFiles = (digest: string) => string | undefined;

export async function openStaging(outDir: string, known: KnownFiles = () => undefined): Promise<Staging> {
  const target = resolve(outDir);
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(dirname(target), `.sitegen-tmp-${token}-${outputTag(target)}`);
  inUse.add(token);
  await mkdir(dir, { recursive: true });
  const folders = new Map<string, Promise<unknown>>();
  const folder = (path: string) => {
    let made = folders.get(path);
    if (!made) folders.set(path, (made = mkdir(path, { recursive: true })));
    return made;
  };
  let failure: unknown;
  let waiting: (() => void) | undefined;
  let drained: Promise<void> | undefined;
  /** The writes still running and their bytes (render waits while there are too many). */
  const writes = new Set<Promise<void>>();
  let pendingBytes = 0;
  const full = () => writes.size >= PENDING_WRITES || pendingBytes >= PENDING_BYTES;
  const store: PageStore = {
    // Kept with the file, the digest also spares the output cache reading it back (output-snapshot.ts).
    byDigest: true,
    put(path, bytes, digest): FileOnDisk {
      const there = digest === undefined ? undefined : known(digest);
      if (there !== undefined) return { onDisk: there, size: bytes.byteLength, digest };
      const file = join(dir, path);
      const write = folder(dirname(file))
        .then(() => writeFile(file, bytes))
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          writes.delete(write);
          pendingBytes -= bytes.byteLength;
          if (writes.size < PENDING_WRITES / 2 && pendingBytes < PENDING_BYTES / 2 && waiting) {
            waiting();
            waiting = undefined;
            drained = undefined;
          }
        });
      writes.add(write);
      pendingBytes += bytes.byteLength;
      return digest === undefined ? { onDisk: file, size: bytes.byteLength } : { onDisk: file, size: bytes.byteLength, digest };
    },
    backlog() {
      if (!full()) return undefined;
      return (drained ??= new Promise<void>((resolve) => (waiting = resolve)));
    },
  };
  return {
    target,
    dir,
    retired: join(dirname(target), `.sitegen-old-${token}-${outputTag(target)}`),
    store,
    async settled() {
      while (writes.size) await Promise.all([...writes]);
      if (failure) throw failure;
    },
    async writtenSoFar() {
      await Promise.all([...writes]);
      if (failure) throw failure;
    },
    async discard() {
      await Promise.all([...writes]);
      await rm(dir, { recursive: true, force: true });
      inUse.delete(token);
    },
    close() {
      inUse.delete(token);
    },
  };
}

/**
 * Removes what builds of this output that were killed left next to it: their staging folders, by
 * name only (STAGING_NAME, this output's tag), and only those of builds that no longer run. A build runs while its
 * process does (`process.kill(pid, 0)`: EPERM is a process of another user, so it runs too), or,
 * in this process, while its folder is in use. A process id the system gave again to another
 * process keeps the folder until that process ends: a folder is left too long, never removed too
 * early. When a build was killed between its two renames, the output folder is missing and the
 * previous output is a `.sitegen-old-*` folder: the newest such folder is put back in its place.
 */
export async function sweepStaging(outDir: string): Promise<void> {
  const target = resolve(outDir);
  const parent = dirname(target);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return; // no parent folder yet: nothing was left there
  }
  const tag = outputTag(target);
  const stale = names.filter((name) => {
    const match = STAGING_NAME.exec(name);
    return match !== null && match[4] === tag && !stillRunning(Number(match[2]), `${match[2]}-${match[3]}`);
  });
  const retired = stale.filter((name) => name.startsWith('.sitegen-old-'));
  if (retired.length && !(await exists(target))) {
    const newest = (await Promise.all(retired.map(async (name) => ({ name, mtime: (await stat(join(parent, name))).mtimeMs }))))
      .sort((a, b) => b.mtime - a.mtime)[0]!.name;
    await rename(join(parent, newest), target);
    stale.splice(stale.indexOf(newest), 1);
  }
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true })));
}

function stillRunning(pid: number, token: string): boolean {
  if (pid === process.pid) return inUse.has(token);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
