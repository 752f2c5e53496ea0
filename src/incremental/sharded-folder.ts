import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { attempt } from '../fs/attempt.js';

/**
 * A cache folder that keeps files named by a digest in up to 256 sub-folders, one per first byte
 * of the digest (`ab/abcd…`): the page cache and the whole output's kept files. Listing it is 256
 * directory reads, not a `stat` per file.
 */
const listOrNothing = (dir: string): string[] => attempt(() => readdirSync(dir)) ?? [];
const shardsOf = (folder: string) => listOrNothing(folder).filter((f) => /^[0-9a-f]{2}$/.test(f));

/** The names of every file in the folder's shards. */
export const namesIn = (folder: string): string[] => shardsOf(folder).flatMap((shard) => listOrNothing(join(folder, shard)));

/** Removes the files `used` does not want, and the shards left with none. */
export function removeUnused(folder: string, used: (name: string) => boolean): void {
  for (const shard of shardsOf(folder)) {
    const names = listOrNothing(join(folder, shard));
    const unused = names.filter((name) => !used(name));
    if (unused.length === names.length) rmSync(join(folder, shard), { recursive: true, force: true });
    else for (const name of unused) rmSync(join(folder, shard, name), { force: true });
  }
}
