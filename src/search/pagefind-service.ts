import * as pagefind from 'pagefind';
import type { BundleFile } from './pagefind-bundle.js';

/**
 * Pagefind's Node API runs its indexer as one child process per Node process, shared by every index
 * and stopped by `close()`. Builds may overlap in one process (a dev session, tests), so the process
 * is stopped only when the last build using it is done: a build's `close()` must never end another
 * build's index.
 */
let users = 0;

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

/** Runs `work` with new indexes made on the shared indexer process, which stops when no build needs it any more. */
export async function withPagefind<T>(work: (newIndex: (pages: number) => Promise<PagefindIndexer>) => Promise<T>): Promise<T> {
  users++;
  try {
    return await work(newIndex);
  } finally {
    if (--users === 0) await pagefind.close();
  }
}

/** An index for this many pages. */
async function newIndex(pages: number): Promise<PagefindIndexer> {
  const created = await pagefind.createIndex({ excludeSelectors: EXCLUDED, maxFragments: Math.max(1, Math.ceil(pages / PAGES_PER_FRAGMENT_FILE)) });
  if (!created.index) throw new Error(`Pagefind could not create an index: ${created.errors.join('; ')}`);
  const index = created.index;
  return {
    add: async (url, html) => (await index.addHTMLFile({ url, content: html })).errors,
    async files() {
      const written = await index.getFiles();
      if (written.errors.length) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
      // The index is built: its memory in the indexer process is given back.
      await index.deleteIndex();
      return written.files.map((f) => ({ path: f.path, bytes: f.content }));
    },
  };
}
