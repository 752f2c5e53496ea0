import { readdir, readFile } from 'node:fs/promises';
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
    async readBytes(path) {
      try {
        return await readFile(join(root, path));
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
