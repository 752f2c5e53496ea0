/** One file of the output, relative to the output directory. Only the emit stage writes these. */
export interface OutputFile {
  path: string;
  contents: string | OutputBytes;
}

/**
 * Bytes that are already a file: a page streamed to the staging folder as it was rendered, or a page
 * taken unchanged from the page cache (src/incremental/page-cache.ts). Emit links such a file into place and never reads it, so
 * a build holds no page's bytes longer than it takes to write them.
 */
export interface FileOnDisk {
  /** The file's absolute path. */
  readonly onDisk: string;
  readonly size: number;
  /**
   * A SHA-256 (64 hex) that names exactly these bytes, when the build knows one without reading them:
   * of the bytes as they were written (a drawn cover), or of the content-addressed key they were made
   * from (a social image of the social cache). The cache keeps the file by it without reading it back.
   */
  readonly digest?: string;
}

/** A file's bytes in memory, or the file on disk that holds them. */
export type OutputBytes = Uint8Array | FileOnDisk;

export const isOnDisk = (bytes: OutputBytes): bytes is FileOnDisk => !(bytes instanceof Uint8Array);
export const sizeOf = (bytes: OutputBytes): number => (bytes instanceof Uint8Array ? bytes.byteLength : bytes.size);

/**
 * Where render hands each page's bytes as soon as it has them: emit's staging folder for a build
 * that writes, memory otherwise (IN_MEMORY). What `put` returns stands for the bytes from then on.
 */
export interface PageStore {
  /**
   * `digest`, when the caller knows the bytes' SHA-256 (files other than pages): the store may stand
   * for them with a file that has them already (the output cache's, by that digest) instead of writing.
   */
  put(path: string, bytes: Uint8Array, digest?: string): OutputBytes;
  /** Whether `put` uses a digest: callers compute one for this store only (hashing the files of a build in memory would be wasted). */
  readonly byDigest: boolean;
  /** A promise while more writes are pending than the store allows (render waits for it), else undefined. */
  backlog(): Promise<void> | undefined;
}

/** Pages kept in memory: a build that writes nothing, or a dev session serving from memory. */
export const IN_MEMORY: PageStore = { put: (_path, bytes) => bytes, backlog: () => undefined, byDigest: false };

/** An output held in memory (IN_MEMORY): every file's bytes, typed as such. Throws on a file on disk, which only a build that writes has. */
export function inMemory(output: Map<string, OutputBytes>): Map<string, Uint8Array> {
  for (const [path, bytes] of output) if (isOnDisk(bytes)) throw new Error(`${path} is on disk, not in memory`);
  return output as Map<string, Uint8Array>;
}

/**
 * Output paths that are hard links to another output path's file (a page's Vercel copy, its 404
 * twin, two files linked from one cache file), by path: one file, whose size, time and inode the
 * build stamp takes once (write-build-stamp.ts). The path it names is never in the map itself.
 */
export type SameFiles = ReadonlyMap<string, string>;
