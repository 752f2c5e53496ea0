import { copyFileSync, linkSync, statSync, unlinkSync } from 'node:fs';

/**
 * A hard link to `from` at `to`; where none can be made (another file system, a link limit), a copy.
 * Says which it made.
 * Synchronous on purpose: a build links tens of thousands of files, and one system call each in a
 * loop takes a quarter of the time of as many promises through libuv's thread pool (44 286 links of
 * the 1000-article benchmark: 0.4 s against 1.5 s).
 */
export function linkOrCopy(from: string, to: string): 'linked' | 'copied' {
  try {
    linkSync(from, to);
    return 'linked';
  } catch {
    copyFileSync(from, to);
    return 'copied';
  }
}

/**
 * `to` made a link to `from` whether or not it exists: a cache's file is replaced every time, since
 * an output file changed in place would have changed the cache's file it is linked to.
 */
export function replaceWithLink(from: string, to: string): 'linked' | 'copied' {
  try {
    // unlinkSync, not rmSync: rmSync goes through rimraf's checks (4 s for 60 000 files).
    unlinkSync(to);
  } catch {
    // Not there: nothing to replace.
  }
  return linkOrCopy(from, to);
}

/**
 * `to` made the same file as `from` (replaceWithLink), unless it is already: most files of an output
 * were linked from the cache in the first place, and two `stat` calls cost a fraction of an unlink and a link.
 */
export function keepAsLink(from: string, to: string): void {
  const target = statSync(to, { throwIfNoEntry: false });
  if (target) {
    const source = statSync(from);
    if (source.ino === target.ino && source.dev === target.dev) return;
  }
  replaceWithLink(from, to);
}
