import { SEARCH_BUNDLE, SEARCH_SHARDS, SHARD_FOLDER } from '../../src/model/browser-contract.js';

/** What the search island uses of Pagefind's browser API (pagefind.js, served by each host under SEARCH_BUNDLE). */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  /** Adds another index (a shard of this language's, under its own folder) to the searched ones. */
  mergeIndex(path: string): Promise<void>;
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
 * a visitor searches. A locale with more pages than one index holds has shards, merged into the
 * page's index (SEARCH_SHARDS; Pagefind runs merged indexes on the page's own WebAssembly). A load
 * that failed (offline, a deployment in progress) is tried again at the next search. The import is
 * of a URL known only at run time, so esbuild leaves it to the browser: Pagefind is no part of the
 * site's bundle and of no page's JavaScript budget (docs/search.md).
 */
export function loadPagefind(): Promise<Pagefind> {
  if (!loading) {
    const shards = fetchJson(SEARCH_SHARDS);
    shards.catch(() => undefined); // awaited below, after the import; a failure meanwhile must not go unhandled
    const attempt = importModule(PAGEFIND_SCRIPT).then(async (module) => {
      const pagefind = module as Pagefind;
      await pagefind.options({ excerptLength: EXCERPT_WORDS });
      await pagefind.init();
      for (const folder of shardsOf(await shards, document.documentElement.lang)) await pagefind.mergeIndex(`${SEARCH_BUNDLE}/${folder}`);
      return pagefind;
    });
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
}

/**
 * The shard folders of a language in SEARCH_SHARDS. The file comes from the site's own host but is
 * checked all the same: only plain folder names under the bundle (`de-1/`) are merged.
 */
function shardsOf(shards: unknown, lang: string): string[] {
  const listed = shards && typeof shards === 'object' && Object.hasOwn(shards, lang) ? (shards as Record<string, unknown>)[lang] : [];
  return Array.isArray(listed) ? listed.filter((folder): folder is string => typeof folder === 'string' && SHARD_FOLDER.test(folder)) : [];
}

const browserFetch: JsonLoader = async (url) => {
  // Revalidated like Pagefind's entry file (which it asks for with ?ts=): a new deployment's shards are seen at once.
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
};
let fetchJson = browserFetch;

/** Fetches a JSON file by URL: the browser's fetch() for the shard list, something else in tests. */
export type JsonLoader = (url: string) => Promise<unknown>;

const browserImport: ModuleLoader = (url) => import(/* @vite-ignore */ url);
let importModule = browserImport;

/**
 * For tests: where Pagefind and the shard list come from from now on (the browser's import() and
 * fetch() when not given), and nothing loaded yet.
 */
export function usePagefindLoader(load: ModuleLoader = browserImport, json: JsonLoader = browserFetch): void {
  importModule = load;
  fetchJson = json;
  loading = undefined;
}
