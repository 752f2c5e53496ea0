import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import { replaceWithLink } from '../fs/link-or-copy.js';
import { namesIn, removeUnused } from './sharded-folder.js';
import { isOnDisk, sizeOf, type FileOnDisk, type OutputBytes } from '../model/output-file.js';
import type { RenderedPage } from '../render/render-site.js';

/**
 * The rendered pages a cache folder keeps (`<cache>/pages`), so that a build with nothing but its
 * cache restored (a CI run on a fresh clone) renders only what changed: each page's record (key,
 * dependencies, scripts, size) in one manifest, and its bytes in a file named by its key. A key is a
 * digest of everything the page was made from, so its file fits any output directory. Page files are
 * hard links to the output's files, never copies: keeping them costs no bytes and no time.
 */
export interface PageCache {
  /** Each page's record, by output path, as the last build that wrote this cache made it. */
  readonly records: ReadonlyMap<string, CachedPage>;
  /** The file of a page whose key has one in the cache. */
  fileOf(record: CachedPage): FileOnDisk | undefined;
}

export interface CachedPage extends RenderedPage {
  size: number;
}

interface Manifest {
  /** sitegen's code and dependency versions (cache-salt.ts): another version reuses nothing. */
  salt: string;
  /** Every dependency any page recorded, once: pages share most of theirs (navigation, parents). */
  deps: string[];
  /** Each page's record, its dependencies as indexes into `deps`. */
  pages: Record<string, Omit<CachedPage, 'deps'> & { deps: number[] }>;
}

const MANIFEST = 'manifest.json';
const KEY = /^[0-9a-f]{64}$/;
const folderOf = (cacheDir: string) => join(cacheDir, 'pages');
/** 256 folders: no folder holds more than a few hundred files at 80 000 pages. */
export const fileOfKey = (cacheDir: string, key: string) => join(folderOf(cacheDir), key.slice(0, 2), `${key}.html`);

/** The cache's pages, if its manifest exists, parses and was made by this code; an empty cache otherwise. */
export async function readPageCache(cacheDir: string, salt: string): Promise<PageCache> {
  const records = new Map<string, CachedPage>();
  try {
    const manifest = JSON.parse(await readFile(join(folderOf(cacheDir), MANIFEST), 'utf8')) as Manifest;
    if (manifest.salt === salt && typeof manifest.pages === 'object' && manifest.pages !== null && Array.isArray(manifest.deps)) {
      for (const [path, page] of Object.entries(manifest.pages)) {
        const deps = Array.isArray(page.deps) ? page.deps.map((i) => manifest.deps[i]) : [];
        // A damaged record (an index out of range, a key that is no digest) is left out: its page renders again.
        if (typeof page.key === 'string' && KEY.test(page.key) && typeof page.size === 'number' && deps.every((dep): dep is string => typeof dep === 'string')) {
          // A search digest that is not one is left out: the page's locale is indexed again.
          const { search, ...rest } = page;
          records.set(path, typeof search === 'string' && KEY.test(search) ? { ...rest, search, deps } : { ...rest, deps });
        }
      }
    }
  } catch {
    // No manifest, or a damaged one: every page renders.
  }
  const present = presentKeys(cacheDir);
  return {
    records,
    fileOf: (record) => (present.has(record.key) ? { onDisk: fileOfKey(cacheDir, record.key), size: record.size } : undefined),
  };
}

/** The keys that have a file, listed folder by folder (256 directory reads instead of a stat per page). */
export function presentKeys(cacheDir: string): Set<string> {
  return new Set(namesIn(folderOf(cacheDir)).map(keyOfName));
}

const keyOfName = (name: string) => name.slice(0, -'.html'.length);

/**
 * After a build has written its output: the pages it rendered (not those it took from the cache)
 * are linked into the cache under their keys, replacing any file of the same key (an output file
 * changed in place changes the linked cache file too: a fresh render puts it right). Then the
 * manifest is replaced, and files no page of this build uses are removed. The cache only saves
 * time: a failure leaves it to the next build.
 */
export async function keepPages(cacheDir: string, salt: string, outDir: string, pages: ReadonlyMap<string, RenderedPage>, output: ReadonlyMap<string, OutputBytes>): Promise<void> {
  try {
    const folder = folderOf(cacheDir);
    // A page taken from the cache stands in the output as the cache's own file.
    const fromCache = (path: string) => {
      const bytes = output.get(path);
      return !!bytes && isOnDisk(bytes) && bytes.onDisk === fileOfKey(cacheDir, pages.get(path)!.key);
    };
    const rendered = [...pages.keys()].filter((path) => !fromCache(path));
    const shards = new Set(rendered.map((path) => dirname(fileOfKey(cacheDir, pages.get(path)!.key))));
    // Synchronous file-system calls in loops, as emit links (link-or-copy.ts).
    for (const shard of shards) mkdirSync(shard, { recursive: true });
    for (const path of rendered) replaceWithLink(join(outDir, path), fileOfKey(cacheDir, pages.get(path)!.key));
    await writeManifest(folder, salt, pages, output);
    const used = new Set([...pages.values()].map((page) => page.key));
    removeUnused(folder, (name) => used.has(keyOfName(name)));
  } catch {
    // The next build renders what it cannot take from here.
  }
}

async function writeManifest(folder: string, salt: string, pages: ReadonlyMap<string, RenderedPage>, output: ReadonlyMap<string, OutputBytes>): Promise<void> {
  const paths = [...pages.keys()].filter((path) => output.has(path)).sort();
  // Each dependency once, numbered in the order pages name them.
  const index = new Map<string, number>();
  for (const path of paths) for (const dep of pages.get(path)!.deps) if (!index.has(dep)) index.set(dep, index.size);
  // The JSON of a Manifest, a page at a time: 84 000 pages' records are never one string.
  await replaceFile(join(folder, MANIFEST), (function* manifest(): Generator<string> {
    yield `{"salt":${JSON.stringify(salt)},"deps":${JSON.stringify([...index.keys()] satisfies Manifest['deps'])},"pages":{`;
    for (let i = 0; i < paths.length; i++) {
      const page = pages.get(paths[i]!)!;
      const record: Manifest['pages'][string] = { ...page, size: sizeOf(output.get(paths[i]!)!), deps: page.deps.map((dep) => index.get(dep)!) };
      yield `${i ? ',' : ''}${JSON.stringify(paths[i])}:${JSON.stringify(record)}`;
    }
    yield '}}';
  })());
}
