import { SEARCH_BUNDLE } from '../../src/model/browser-contract.js';

/** What the search island uses of Pagefind's browser API (pagefind.js, served by each host under SEARCH_BUNDLE). */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  /** Every page matching the term, best first; each result's data is fetched when asked for. */
  search(term: string): Promise<{ results: PagefindResult[] } | null>;
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}

/** A result's data as Pagefind gives it: untrusted (built from page text), checked by toResult. */
export interface PagefindData {
  url?: unknown;
  excerpt?: unknown;
  meta?: { title?: unknown };
}

/** Loads a module by URL: the browser's import() for Pagefind, something else in tests. */
export type ModuleLoader = (url: string) => Promise<unknown>;

/** The host's own copy: results are the pages of this host, in the language of this page (Pagefind reads <html lang>). */
export const PAGEFIND_SCRIPT = `${SEARCH_BUNDLE}/pagefind.js`;

/** Words of page text around the match shown under a result. */
const EXCERPT_WORDS = 24;

let loading: Promise<Pagefind> | undefined;

/**
 * Pagefind's search code, loaded at the first search and then kept: nothing of it is fetched before
 * a visitor searches. A load that failed (offline, a deployment in progress) is tried again at the
 * next search. The import is of a URL known only at run time, so esbuild leaves it to the browser:
 * Pagefind is no part of the site's bundle and of no page's JavaScript budget (docs/search.md).
 */
export function loadPagefind(): Promise<Pagefind> {
  if (!loading) {
    const attempt = importModule(PAGEFIND_SCRIPT).then(async (module) => {
      const pagefind = module as Pagefind;
      await pagefind.options({ excerptLength: EXCERPT_WORDS });
      await pagefind.init();
      return pagefind;
    });
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
}

const browserImport: ModuleLoader = (url) => import(/* @vite-ignore */ url);
let importModule = browserImport;

/** For tests: where Pagefind comes from from now on (the browser's import() when not given), and nothing loaded yet. */
export function usePagefindLoader(load: ModuleLoader = browserImport): void {
  importModule = load;
  loading = undefined;
}
