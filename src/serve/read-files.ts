import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** A file the server cannot do without (edge-config.json) is not there: the folder holds no built site. */
export class NoBuiltSiteError extends Error {}

export interface FileReader {
  /** The file's bytes, or undefined when it does not exist or is a folder. */
  read: (relative: string) => Promise<Uint8Array | undefined>;
  readText: (relative: string) => Promise<string>;
}

/**
 * Files under one folder; never reads outside it. Contents are cached while the file's size and
 * mtime stay the same, so a rebuild under a running server is served at once (and the compressed
 * copies, cached per content, follow).
 */
export function createFileReader(dir: string): FileReader {
  const root = resolve(dir);
  const cache = new Map<string, { stamp: string; bytes: Uint8Array }>();
  const read = async (relative: string) => {
    const full = resolve(join(root, relative));
    if (full !== root && !full.startsWith(root + sep)) return undefined;
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const stamp = `${info.size}:${info.mtimeMs}`;
    const cached = cache.get(full);
    if (cached?.stamp === stamp) return cached.bytes;
    const bytes = await readFile(full).then((b) => new Uint8Array(b), () => undefined);
    if (bytes) cache.set(full, { stamp, bytes });
    return bytes;
  };
  return {
    read,
    readText: async (relative) => {
      const bytes = await read(relative);
      if (!bytes) throw new NoBuiltSiteError(`there is no built site at ${dir} (no ${relative}): run sitegen build first, or pass the output directory with --dir`);
      return new TextDecoder().decode(bytes);
    },
  };
}
