import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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
  /** Removes the folder: the build failed, the previous output stays as it was. */
  discard(): Promise<void>;
}

/** Pages waiting to be written: render pauses above this many, so memory stays bounded whatever the site's size. */
export const PENDING_WRITES = 128;

export async function openStaging(outDir: string): Promise<Staging> {
  const target = resolve(outDir);
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(dirname(target), `.sitegen-tmp-${token}`);
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
  /** The writes still running (render waits while there are too many). */
  const writes = new Set<Promise<void>>();
  const store: PageStore = {
    put(path, bytes): FileOnDisk {
      const file = join(dir, path);
      const write = folder(dirname(file))
        .then(() => writeFile(file, bytes))
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          writes.delete(write);
          if (writes.size < PENDING_WRITES / 2 && waiting) {
            waiting();
            waiting = undefined;
            drained = undefined;
          }
        });
      writes.add(write);
      return { onDisk: file, size: bytes.byteLength };
    },
    backlog() {
      if (writes.size < PENDING_WRITES) return undefined;
      return (drained ??= new Promise<void>((resolve) => (waiting = resolve)));
    },
  };
  return {
    target,
    dir,
    retired: join(dirname(target), `.sitegen-old-${token}`),
    store,
    async settled() {
      while (writes.size) await Promise.all([...writes]);
      if (failure) throw failure;
    },
    async discard() {
      await Promise.all([...writes]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
