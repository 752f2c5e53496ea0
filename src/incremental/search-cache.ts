import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import type { CachedBundle, SearchCache } from '../search/index-search.js';

/**
 * The search stage's cache (src/search/index-search.ts): each locale's index part and Pagefind's
 * runtime, one file per key under `<cache-dir>/search`. A file is a header (the JSON value, each
 * file's path, size and SHA-256) and the files' bytes; one whose bytes do not match its header is a
 * damaged entry and is ignored. Keys are salted with the search code and the locked dependency
 * versions (Pagefind's among them), so another Pagefind reuses nothing.
 *
 * A build that may not write the cache (build({ write: false }), the tests) reads it and keeps what
 * it made in memory for the next build of the process instead; a dev session (`memory`) keeps what
 * it read or made in memory as well as on disk. The folder keeps the entries the
 * builds use and the SPARE_ENTRIES most recently used others (up to twice as many between two
 * prunings): an edit makes a new entry for its shard, and the old one is worth keeping only while
 * someone switches back.
 */
export function searchCache(options: { dir: string; salt: string; writes: boolean; memory?: boolean }): SearchCache {
  const { dir, salt, writes } = options;
  // A build that writes the cache reads each entry once; one that may not, or a dev session, which asks on every edit, keeps them.
  const memory = options.memory || !writes;
  const fileKey = (key: string) => createHash('sha256').update(`${salt}\0${key}`).digest('hex');
  const used = new Set<string>();
  return {
    async get(key) {
      const name = fileKey(key);
      used.add(name);
      const file = join(dir, `${name}${SUFFIX}`);
      // An entry this process read or made is its name's content (keys are digests of what made
      // them): a dev session's edits take the other locales from memory instead of reading and
      // checking every file of them again (200 ms an edit at 1000 articles a locale).
      const entry = (memory ? inMemory.get(name) : undefined) ?? unpack(await readFile(file).catch(() => undefined));
      if (entry && memory) remember(name, entry, used.size);
      // Used now: the pruning below keeps the entries used last.
      if (entry && writes) await utimes(file, new Date(), new Date()).catch(() => undefined);
      return entry;
    },
    async set(key, value) {
      const name = fileKey(key);
      used.add(name);
      if (memory) remember(name, value, used.size);
      if (!writes) return;
      await mkdir(dir, { recursive: true });
      await replaceFile(join(dir, `${name}${SUFFIX}`), pack(value));
      await prune(dir, used);
    },
  };
}

const SUFFIX = '.pagefind-cache';
/** Entries kept besides those the build used; there may be twice as many before they are pruned. */
export const SPARE_ENTRIES = 64;
/**
 * Entries a process keeps in memory besides as many as its largest build used (a part is tens of kB
 * to a few MB). The bound follows the site, not a fixed count: a site whose locales are indexed in
 * shards has a part per shard (71 at 4000 articles a locale), and a dev session that kept fewer than
 * it asks for on every edit read and checked each of them from disk again, in the order that
 * evicts each just before it is asked for: 2.4 s of ten edits' catch-ups at 4000 articles.
 */
const MEMORY_SPARE = 6;

const inMemory = new Map<string, CachedBundle>();
/** Entries the largest build of this process used: the next build asks for as many again. */
let largestBuild = 0;

/** Keeps `name` as the most recently used entry; `used` is how many the build asking has used so far. */
function remember(name: string, value: CachedBundle, used: number): void {
  largestBuild = Math.max(largestBuild, used);
  inMemory.delete(name);
  inMemory.set(name, value);
  while (inMemory.size > largestBuild + MEMORY_SPARE) inMemory.delete(inMemory.keys().next().value!);
}

interface Header {
  meta: Record<string, unknown>;
  files: { path: string; size: number; sha256: string }[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function pack(value: CachedBundle): Uint8Array {
  const header: Header = { meta: value.meta, files: value.files.map((f) => ({ path: f.path, size: f.bytes.byteLength, sha256: sha256(f.bytes) })) };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.byteLength);
  return Buffer.concat([length, json, ...value.files.map((f) => f.bytes)]);
}

/** The entry a file holds, or undefined when there is none or it is damaged in any way. */
function unpack(bytes: Buffer | undefined): CachedBundle | undefined {
  if (!bytes || bytes.byteLength < 4) return undefined;
  try {
    const length = bytes.readUInt32BE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as Header;
    let at = 4 + length;
    const files = header.files.map((f) => {
      const content = new Uint8Array(bytes.subarray(at, (at += f.size)));
      if (content.byteLength !== f.size || sha256(content) !== f.sha256) throw new Error('damaged');
      return { path: f.path, bytes: content, sha256: f.sha256 };
    });
    return at === bytes.byteLength ? { meta: header.meta, files } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Once more than twice SPARE_ENTRIES entries are unused by this build, removes all but the
 * SPARE_ENTRIES used last; the cache only saves time, so a failure is ignored. Not at every entry
 * over the bound: a dev session adds an entry on every edit, and dating each unused file (a `stat`
 * each) took 150 ms of every edit's catch-up at 4000 articles a locale.
 */
async function prune(dir: string, used: ReadonlySet<string>): Promise<void> {
  try {
    const names = (await readdir(dir)).filter((n) => n.endsWith(SUFFIX) && !used.has(n.slice(0, -SUFFIX.length)));
    if (names.length <= 2 * SPARE_ENTRIES) return;
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
    dated.sort((a, b) => b.at - a.at);
    await Promise.all(dated.slice(SPARE_ENTRIES).map(({ name }) => rm(join(dir, name), { force: true })));
  } catch {
    // Nothing to prune, or a file another build removed first.
  }
}
