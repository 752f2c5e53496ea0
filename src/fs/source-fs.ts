import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * What the pipeline needs to read: the stages get this as an argument so tests can build a site
 * from files held in memory. Paths are POSIX-style, relative to the root the reader was made for.
 */
export interface SourceFs {
  /** Every file below `dir`, recursively, sorted. Empty if `dir` does not exist. */
  listFiles(dir: string): Promise<string[]>;
  /** The file's bytes, or undefined if there is none. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
}

/** How many files sitegen opens at once: fast on SSDs, far below any file-descriptor limit. */
export const FILES_AT_ONCE = 64;

export function nodeSourceFs(root: string): SourceFs {
  return {
    async listFiles(dir) {
      const base = join(root, dir);
      try {
        const entries = await readdir(base, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => e.isFile())
          .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
          .sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    // Read synchronously: a content folder is thousands of small files, and a read each in a loop
    // takes a third of the time of as many promises through libuv's thread pool (14 804 files of
    // the 1000-article benchmark: 0.2 s against 0.7 s).
    async readBytes(path) {
      try {
        return readFileSync(join(root, path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** A file tree held in memory: `{ 'content/site.yaml': '...' }`. */
export function memorySourceFs(files: Record<string, string | Uint8Array>): SourceFs {
  const encoder = new TextEncoder();
  const paths = Object.keys(files).sort();
  return {
    async listFiles(dir) {
      const prefix = dir === '' || dir === '.' ? '' : `${dir.replace(/\/$/, '')}/`;
      return paths.filter((p) => p.startsWith(prefix));
    },
    async readBytes(path) {
      const value = files[path];
      if (value === undefined) return undefined;
      return typeof value === 'string' ? encoder.encode(value) : value;
    },
  };
}
