import { readFileSync } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { sourceDigest } from '../model/sources.js';
import { digestAll } from './file-threads.js';

/**
 * What the pipeline needs to read: the stages get this as an argument so tests can build a site
 * from files held in memory. Paths are POSIX-style, relative to the root the reader was made for.
 */
export interface SourceFs {
  /**
   * Every file below `dir`, recursively, sorted (empty if `dir` does not exist), and the symbolic
   * links it did not follow: a link is followed, to a file or a folder, only when its target stays
   * inside `dir` and is not a folder that holds the link (which would never end).
   */
  listFiles(dir: string): Promise<FileListing>;
  /** The file's bytes, or undefined if there is none. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /**
   * The same, synchronously: parse reads each Markdown file when it gets to it, and a diagnostic
   * reads its file again for the code frame (a build does not keep the site's Markdown in memory).
   */
  readBytesSync(path: string): Uint8Array | undefined;
  /**
   * The SHA-256 (hex, sourceDigest) of each file's bytes, undefined for one that is not there, where
   * the reader can make them without handing over the bytes (the load stage needs only the digests
   * of Markdown files: parse reads them when it gets to them). Absent, the load stage reads them.
   * A reader made by spreading another and overriding its reads does not get it (nodeSourceFs's is
   * not enumerable): the load stage then reads through the overrides.
   */
  digests?(paths: readonly string[]): Promise<(string | undefined)[]>;
}

export interface FileListing {
  files: string[];
  skipped: SkippedLink[];
}

/** A symbolic link not followed: its path, its target as written, and why. */
export interface SkippedLink {
  path: string;
  target: string;
  reason: 'outside' | 'missing' | 'loop';
}

/** How many files sitegen opens at once: fast on SSDs, far below any file-descriptor limit. */
export const FILES_AT_ONCE = 64;

export function nodeSourceFs(root: string): SourceFs {
  const fs: SourceFs = {
    async listFiles(dir) {
      const base = join(root, dir);
      let top: string;
      try {
        top = await realpath(base);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], skipped: [] };
        throw error;
      }
      const files: string[] = [];
      const skipped: SkippedLink[] = [];
      const name = (path: string) => relative(root, path).split(sep).join('/');
      // `path` as the site sees it (through links), `real` what it is on disk, `walked` the real
      // folders on the way down (a link back to one of them would never end).
      const walk = async (path: string, real: string, walked: readonly string[]): Promise<void> => {
        for (const entry of await readdir(path, { withFileTypes: true })) {
          const at = join(path, entry.name);
          if (entry.isFile()) files.push(name(at));
          else if (entry.isDirectory()) await walk(at, join(real, entry.name), [...walked, join(real, entry.name)]);
          else if (entry.isSymbolicLink()) {
            const target = await readlink(at);
            const skip = (reason: SkippedLink['reason']) => skipped.push({ path: name(at), target, reason });
            let resolved: string;
            try {
              resolved = await realpath(at);
            } catch {
              skip('missing');
              continue;
            }
            if (!within(top, resolved)) skip('outside');
            else if ((await stat(resolved)).isFile()) files.push(name(at));
            else if (walked.some((folder) => within(resolved, folder))) skip('loop');
            else await walk(at, resolved, [...walked, resolved]);
          }
        }
      };
      await walk(base, top, [top]);
      return { files: files.sort(), skipped: skipped.sort((a, b) => (a.path < b.path ? -1 : 1)) };
    },
    // Read synchronously: a content folder is thousands of small files, and a read each in a loop
    // takes a third of the time of as many promises through libuv's thread pool (14 804 files of
    // the 1000-article benchmark: 0.2 s against 0.7 s).
    async readBytes(path) {
      return this.readBytesSync(path);
    },
    readBytesSync(path) {
      try {
        return readFileSync(join(root, path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
  // In two threads (file-threads.ts): 14 786 Markdown files of the 1000-article benchmark were a
  // second of the load stage read and hashed here, one after another. Not enumerable (SourceFs.digests).
  Object.defineProperty(fs, 'digests', {
    async value(paths: readonly string[]): Promise<(string | undefined)[]> {
      const made = await digestAll(root, paths);
      // A file that could not be read is read here again, to throw what readBytesSync does.
      return made.map((digest, i) => {
        if (typeof digest === 'string') return digest;
        const bytes = digest === null ? undefined : fs.readBytesSync(paths[i]!);
        return bytes && sourceDigest(bytes);
      });
    },
  });
  return fs;
}

/** Whether `path` is `folder` or below it (both real, absolute paths). */
function within(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

/** A file tree held in memory: `{ 'content/site.yaml': '...' }`. */
export function memorySourceFs(files: Record<string, string | Uint8Array>): SourceFs {
  const encoder = new TextEncoder();
  const paths = Object.keys(files).sort();
  return {
    async listFiles(dir) {
      const prefix = dir === '' || dir === '.' ? '' : `${dir.replace(/\/$/, '')}/`;
      return { files: paths.filter((p) => p.startsWith(prefix)), skipped: [] };
    },
    async readBytes(path) {
      return this.readBytesSync(path);
    },
    readBytesSync(path) {
      const value = files[path];
      if (value === undefined) return undefined;
      return typeof value === 'string' ? encoder.encode(value) : value;
    },
  };
}
