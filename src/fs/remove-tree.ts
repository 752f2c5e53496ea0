import { readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes a folder and everything in it, synchronously; nothing when it is not there. Links are
 * removed, never followed. rmSync (Node's rimraf) tries rmdir on every entry before it unlinks a
 * file, a failed system call per file: the previous output of the 1000-article benchmark (127 000
 * files in 1 400 folders) took 4.3 s to remove that way, of which 1.6 s were those rmdir calls.
 * Anything unexpected (a permission, a file appearing meanwhile) is left to rmSync.
 */
export function removeTree(dir: string): void {
  try {
    removeEntries(dir);
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

function removeEntries(dir: string): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeEntries(path);
    else unlinkSync(path);
  }
  rmdirSync(dir);
}
