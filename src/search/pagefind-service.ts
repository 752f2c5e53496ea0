import { mkdtemp, readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { pathsUnder } from '../fs/paths-under.js';
import { removeTree } from '../fs/remove-tree.js';
import type { BundleFile } from './pagefind-bundle.js';

type PagefindApi = typeof pagefind;

/**
 * Pagefind's Node API runs its indexer as one child process per instance of its module, shared by
 * every index made through it and stopped by `close()`. That process takes one page at a time: two
 * locales indexed at once through one module took as long as one after the other (11.1 s against
 * 11.3 s for four locales of the 1000-article benchmark), and through two module instances, so two
 * processes, 7.0 s. So a build indexes its locales in up to INDEXERS processes, each from an
 * instance of the module of its own (the module's URL with a query: Node keeps one instance per URL).
 * Builds may overlap in one process (a dev session, tests), so the processes are stopped only when
 * the last build using them is done: a build's `close()` must never end another build's index.
 */
let users = 0;

/** Indexer processes at most: one per core, and two at most (each holds the index of the locale it is making). */
export const INDEXERS = Math.max(1, Math.min(2, availableParallelism()));

const instances: Promise<PagefindApi>[] = [];
/** The `n`th instance of Pagefind's module (0: the one imported above). */
function instance(n: number): Promise<PagefindApi> {
  return (instances[n] ??= n === 0 ? Promise.resolve(pagefind) : loadAgain(n));
}
// Async, so that a module runner without import.meta.resolve (Vitest's global setup) rejects rather than throws.
const loadAgain = async (n: number) => (await import(`${import.meta.resolve('pagefind')}?indexer=${n}`)) as PagefindApi;

/**
 * The module instances a build indexes with: the one imported above and, up to INDEXERS, instances
 * loaded again; none more where the module cannot be loaded again (one process then).
 */
async function usable(): Promise<PagefindApi[]> {
  const settled = await Promise.allSettled(Array.from({ length: INDEXERS }, (_, n) => instance(n)));
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

/** How many indexer processes a build uses here (INDEXERS, or one where Pagefind's module cannot be loaded twice). */
export const availableIndexers = async (): Promise<number> => (await usable()).length;

export interface PagefindIndexer {
  /** Adds a page's HTML at its URL path; resolves to Pagefind's errors (none when it went well). */
  add(url: string, html: string): Promise<string[]>;
  /** The index's files, in memory. */
  files(): Promise<BundleFile[]>;
}

/**
 * What sitegen's pages keep out of the index besides what Pagefind leaves out itself (nav, header,
 * footer, forms, scripts, and everything outside `<main data-pagefind-body>`, templates/layouts/
 * default-layout.tsx): the cards of list pages (each card's page is indexed on its own, and list
 * pages matching every word of their cards would crowd the results), the call-to-action bands,
 * dates and bylines, and "back to the list" links.
 */
export const EXCLUDED = ['.card-grid', '.cta-band', '.article-meta', '.back-link'];

/**
 * Pages whose text Pagefind puts in one fragment file (`maxFragments`). One file per page made the
 * index most of a build's files (1 126 of the sample site's 2 600 files before the Vercel copies),
 * each written, cached and linked by every build; a file of about four pages is fetched for a result
 * instead of one page's (about 3 kB against 0.8 kB, gzip-compressed by Pagefind).
 */
const PAGES_PER_FRAGMENT_FILE = 4;

/**
 * Runs `work` with the number of indexer processes and new indexes for this many pages made on the
 * shared process `indexer` (0 to that number - 1); the processes stop when no build needs them any more.
 */
export async function withPagefind<T>(work: (newIndex: (pages: number, indexer?: number) => Promise<PagefindIndexer>, indexers: number) => Promise<T>): Promise<T> {
  const release = keepIndexers();
  try {
    const apis = await usable();
    return await work((pages, indexer = 0) => newIndex(apis[indexer % apis.length]!, pages), apis.length);
  } catch (error) {
    // An indexer that died (killed for memory, say) stays dead in Pagefind's module until it is
    // closed, and an index that failed midway stays in its process: the next build, even in a dev
    // session that holds the processes, starts new ones.
    await closeIndexers();
    throw error;
  } finally {
    await release();
  }
}

const closeIndexers = () => Promise.allSettled(instances.map(async (api) => (await api).close()));

/**
 * Keeps the indexer processes up once started, until the function returned is called (once; later
 * calls do nothing). A dev session holds them: each edit's catch-up indexes a shard, and starting
 * the processes again for it forked a process of several gigabytes, 70 ms of the thread that serves
 * the next edit at 4000 articles a locale.
 */
export function keepIndexers(): () => Promise<void> {
  users++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--users === 0) await closeIndexers();
  };
}

/** An index for this many pages. */
async function newIndex(pagefind: PagefindApi, pages: number): Promise<PagefindIndexer> {
  const created = await pagefind.createIndex({ excludeSelectors: EXCLUDED, maxFragments: Math.max(1, Math.ceil(pages / PAGES_PER_FRAGMENT_FILE)) });
  if (!created.index) throw new Error(`Pagefind could not create an index: ${created.errors.join('; ')}`);
  const index = created.index;
  return {
    add: async (url, html) => (await index.addHTMLFile({ url, content: html })).errors,
    async files() {
      // Written to a folder and read back rather than taken with getFiles: that answer carries every
      // file as base64 inside JSON inside base64, one message of 21 MB for a 12 MB locale, which
      // this process held three times over while decoding it (most of the search stage's peak memory).
      const folder = await mkdtemp(join(tmpdir(), 'sitegen-pagefind-'));
      try {
        const written = await index.writeFiles({ outputPath: folder });
        if (written.errors.length) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
        return await filesIn(folder);
      } finally {
        // The index is built: its memory in the indexer process is given back.
        await index.deleteIndex();
        removeTree(folder);
      }
    },
  };
}

/** Every file under the folder, by its path there with `/` (Pagefind's bundle paths), in path order. */
async function filesIn(folder: string): Promise<BundleFile[]> {
  const paths = (await pathsUnder(folder)).sort();
  const files: BundleFile[] = [];
  for (const path of paths) files.push({ path, bytes: await readFile(join(folder, path)) });
  return files;
}
