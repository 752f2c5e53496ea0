import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileOnDisk } from '../model/output-file.js';
import type { RenderedPage } from '../render/render-site.js';

/** Where a build records its pages' keys, inside its output (kept out of every hosting target). */
export const PAGE_MANIFEST = '.sitegen/pages.json';

export interface PageManifest {
  /** sitegen's code and dependency versions (cache-salt.ts): another version reuses nothing. */
  salt: string;
  /** Every dependency any page recorded, once: pages share most of theirs (navigation, parents). */
  deps: string[];
  /** Each page's record, its dependencies as indexes into `deps`. */
  pages: Record<string, Omit<RenderedPage, 'deps'> & { deps: number[] }>;
}

/** The previous build's manifest, if it exists, parses and was made by this code. */
export async function readPageManifest(outDir: string, salt: string): Promise<Map<string, RenderedPage>> {
  try {
    const manifest = JSON.parse(await readFile(join(outDir, PAGE_MANIFEST), 'utf8')) as PageManifest;
    if (manifest.salt !== salt || typeof manifest.pages !== 'object' || manifest.pages === null || !Array.isArray(manifest.deps)) return new Map();
    const pages = new Map<string, RenderedPage>();
    for (const [path, page] of Object.entries(manifest.pages)) {
      const deps = page.deps.map((i) => manifest.deps[i]);
      // A damaged record (an index out of range) is left out: its page renders again.
      if (deps.every((dep): dep is string => typeof dep === 'string')) pages.set(path, { ...page, deps });
    }
    return pages;
  } catch {
    return new Map();
  }
}

/**
 * The previous output's files for these paths, as files (never read: emit links them into the new
 * output). Only files still as the previous build wrote them (`intact`, with their stamped sizes)
 * are offered; a page whose file changed or is gone renders again.
 */
export function previousFiles(outDir: string, paths: readonly string[], intact: ReadonlyMap<string, number>): Map<string, FileOnDisk> {
  return new Map(paths.flatMap((path) => {
    const size = intact.get(path);
    return size === undefined ? [] : [[path, { onDisk: join(outDir, path), size }] as const];
  }));
}

export function pageManifestFile(salt: string, pages: ReadonlyMap<string, RenderedPage>): { path: string; contents: string } {
  const index = new Map<string, number>();
  const records: PageManifest['pages'] = {};
  for (const [path, page] of [...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    records[path] = {
      ...page,
      deps: page.deps.map((dep) => {
        let i = index.get(dep);
        if (i === undefined) index.set(dep, (i = index.size));
        return i;
      }),
    };
  }
  return { path: PAGE_MANIFEST, contents: JSON.stringify({ salt, deps: [...index.keys()], pages: records } satisfies PageManifest) };
}
