import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Every entry under the folder, at any depth, that `take` keeps (files, unless told otherwise), by
 * its path relative to the folder with `/` between names whatever the platform. Rejects as readdir
 * does (a missing folder: ENOENT).
 */
export async function pathsUnder(dir: string, take: (entry: Dirent) => boolean = (entry) => entry.isFile()): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter(take).map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
