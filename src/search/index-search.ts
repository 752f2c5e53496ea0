import { createHash } from 'node:crypto';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { getLocale, HOST_KEYS, LOCALES, type HostKey, type LocaleCode } from '../model/locale-table.js';
import type { OutputBytes, OutputFile } from '../model/output-file.js';
import type { Page } from '../model/page.js';
import type { Progress } from '../model/progress.js';
import { SEARCH_BUNDLE, SEARCH_SHARDS, shardFolder } from '../model/browser-contract.js';
import { indexedPart } from '../model/search-part.js';
import { bundledFiles, joinBundle, partBytes, shardBundle, splitBundle, type BundleFile, type IndexPart, type LanguageEntry, type PagefindRuntime } from './pagefind-bundle.js';
import { withPagefind, type PagefindIndexer } from './pagefind-service.js';


/**
 * Index parts and Pagefind's runtime kept between builds, by key (src/incremental/search-cache.ts).
 * The stage never knows where: a build without a cache gets one that never has anything.
 */
export interface SearchCache {
  get(key: string): Promise<CachedBundle | undefined>;
  set(key: string, value: CachedBundle): Promise<void>;
}

/** What the cache keeps under one key: a JSON value and files. */
export interface CachedBundle {
  meta: Record<string, unknown>;
  files: BundleFile[];
}

export interface SearchInput {
  /** Every page of the build: the indexable ones are indexed. */
  pages: readonly Page[];
  /** The folder of a host's files in the output. */
  hostDir(host: HostKey): string;
  /** What the page's part in the index is a function of: pages with equal keys give Pagefind the same (searchKeyOf). */
  keyOf(page: Page): string;
  /** The page's HTML as the build wrote it. */
  htmlOf(page: Page): Promise<string>;
  /**
   * Hands an output file of the index to the build as soon as its locale's part is made or taken
   * from the cache (the staging folder of a build that writes): what it returns stands for the
   * bytes from then on, so the parts of every locale are not all in memory until the last is made.
   * Without it, the files stay in memory.
   */
  keep?(path: string, bytes: Uint8Array, sha256?: string): Promise<OutputBytes>;
  /**
   * Pages of a locale in one index at most (site.yaml `search.pagesPerIndex`): a locale with more is
   * indexed in shards, each in a folder of its own that the browser merges. Without it, one index a locale.
   */
  pagesPerIndex?: number;
}

/** Search figures of one build: the build summary prints them, docs/search.md quotes them. */
export interface SearchStats {
  /** Indexable pages, and how many of them were indexed by this build (the others' parts came from the cache). */
  pages: number;
  indexed: number;
  /** Per host: bytes of everything under /pagefind/, and per locale its language, pages, index bytes and how many indexes (shards) hold them. */
  hosts: Record<string, { bytes: number; locales: Record<string, { language: string; pages: number; bytes: number; indexes: number }> }>;
  /** Pagefind's own code on each host (pagefind.js, its worker, the language-neutral wasm). */
  runtimeBytes: number;
}

export interface SearchOutput {
  files: OutputFile[];
  stats: SearchStats;
  diagnostics: Diagnostic[];
}

/**
 * One locale of one host, or one shard of it: indexed, cached and kept apart, so that an edit
 * re-indexes its own shard only.
 */
interface SearchUnit {
  host: HostKey;
  locale: LocaleCode;
  /** 0 for the locale's index in the host's bundle; 1, 2, … for the shards in folders of their own. */
  shard: number;
  pages: Page[];
  key: string;
}

const RUNTIME_KEY = 'runtime';

/** Pages read ahead of the one handed to the indexer, and handed to it before their answers came: it stays busy, few pages' HTML are in memory. */
const PAGES_AHEAD = 8;

/**
 * The search stage: one Pagefind index per host, made of one part per locale. Pagefind splits an
 * index by `<html lang>`, and the search code loads the page's language only, so results stay in
 * the visitor's locale and host. Only indexable pages are indexed (never the 404 and 502 pages,
 * the icon sheet or the search page itself). A part whose pages all have the keys they had when it
 * was made is taken from the cache; when every part and the runtime are there, Pagefind does not run.
 */
export async function indexSearch(input: SearchInput, cache: SearchCache, progress?: Progress): Promise<SearchOutput> {
  const units = searchUnits(input);
  const total = units.reduce((sum, u) => sum + u.pages.length, 0);
  const parts = new Map<SearchUnit, IndexPart>();
  // One locale at a time: each cached part is handed on (keep) before the next is read.
  for (const unit of units) {
    const hit = await cache.get(unit.key);
    if (hit) parts.set(unit, await keptPart(input, unit, { languages: hit.meta.languages as Record<string, LanguageEntry>, files: hit.files }));
  }
  const kept = await cache.get(RUNTIME_KEY);
  let runtime: PagefindRuntime | undefined = kept && { version: kept.meta.version as string, includeCharacters: kept.meta.includeCharacters as string[], files: kept.files };
  const missing = units.filter((unit) => !parts.has(unit));
  const diagnostics: Diagnostic[] = [];
  // Pages of parts taken from the cache count as done.
  let done = total - missing.reduce((sum, u) => sum + u.pages.length, 0);
  if (missing.length || !runtime) {
    try {
      runtime = await withPagefind(async (newIndex, indexers) => {
        let made = runtime;
        const failures = new Map<SearchUnit, Diagnostic[]>();
        // The largest first, in as many indexer processes as there are (pagefind-service.ts); each
        // unit's bytes depend on its pages alone, whichever process makes it.
        const queue = [...missing].sort((a, b) => b.pages.length - a.pages.length);
        const lanes = await Promise.allSettled(Array.from({ length: Math.min(indexers, queue.length) }, async (_, indexer) => {
          for (let unit = queue.shift(); unit; unit = queue.shift()) {
            try {
              const { part, runtime: its, failed } = await indexUnit(unit, await newIndex(unit.pages.length, indexer), input.htmlOf, () => progress?.(++done, total));
              made ??= its;
              failures.set(unit, failed);
              // A part with a problem is made again by the next build rather than kept.
              if (!failed.length) await cache.set(unit.key, { meta: { languages: part.languages }, files: part.files });
              parts.set(unit, await keptPart(input, unit, part));
            } catch (error) {
              queue.length = 0; // the other lane stops after its unit: the stage has failed
              throw error;
            }
          }
        }));
        // Every lane has stopped before the indexer processes may be closed.
        const broken = lanes.find((lane) => lane.status === 'rejected');
        if (broken) throw broken.reason;
        // In the units' order, whichever finished first.
        for (const unit of missing) diagnostics.push(...failures.get(unit)!);
        return made ?? splitBundle(await (await newIndex(0)).files()).runtime;
      });
      if (!kept) await cache.set(RUNTIME_KEY, { meta: { version: runtime.version, includeCharacters: runtime.includeCharacters }, files: runtime.files });
    } catch (error) {
      diagnostics.push(diagnostic('SEARCH_INDEX_FAILED', `the search index could not be built: ${(error as Error).message}`, { cause: error }));
      return { files: [], stats: { pages: total, indexed: 0, hosts: {}, runtimeBytes: 0 }, diagnostics };
    }
  }
  const indexed = missing.reduce((sum, u) => sum + u.pages.length, 0);
  return { ...hostBundles(input, units, parts, runtime), diagnostics, stats: { ...statsOf(units, parts, runtime), pages: total, indexed } };
}

/** One locale's part from a new index: its pages in path order, then what Pagefind wrote, with the problems found. */
async function indexUnit(unit: SearchUnit, index: PagefindIndexer, htmlOf: SearchInput['htmlOf'], added: () => void): Promise<{ part: IndexPart<Uint8Array>; runtime: PagefindRuntime; failed: Diagnostic[] }> {
  const failed: Diagnostic[] = [];
  await inPathOrder(unit.pages, htmlOf, async (page, html) => {
    for (const error of await index.add(page.path, indexedPart(html))) {
      failed.push(diagnostic('SEARCH_INDEX_FAILED', `${page.url} could not be indexed for search: ${error}`, { file: page.entry?.file }));
    }
    added();
  });
  const { part, runtime } = splitBundle(await index.files());
  return { part, runtime, failed: [...failed, ...lostPages(unit, part)] };
}

/** The part with its files handed to the build (SearchInput.keep), one after another. */
async function keptPart(input: SearchInput, unit: SearchUnit, made: IndexPart<Uint8Array>): Promise<IndexPart> {
  // Only what the unit's bundle holds: a file kept goes to the output at once, and one the bundle
  // leaves out (a shard's language WebAssembly) would stay there unlisted, so the next build would
  // not find the output as this one left it.
  const part = { languages: made.languages, files: bundledFiles(made, !!unit.shard) };
  if (!input.keep) return part;
  const files: IndexPart['files'] = [];
  // With the digest a cached file was checked against, which the build would otherwise hash again (50 MB of parts at 1000 articles).
  for (const file of part.files) files.push({ path: file.path, bytes: await input.keep(bundlePath(input, unit.host, `${unitFolder(unit)}${file.path}`), file.bytes, file.sha256) });
  return { languages: part.languages, files };
}

const bundlePath = (input: SearchInput, host: HostKey, path: string) => `${input.hostDir(host)}${SEARCH_BUNDLE}/${path}`;

/** Where a unit's files are in its host's bundle: a shard's folder (`de-1/`), or the bundle itself. */
const unitFolder = (unit: Pick<SearchUnit, 'locale' | 'shard'>) => (unit.shard ? shardFolder(unit.locale, unit.shard) : '');

/**
 * The indexable pages of each locale, in shards of at most `pagesPerIndex` pages (as few as that
 * allows, of even sizes, in path order), each with a key for the part it makes: its place, its
 * pages' paths and page keys.
 */
function searchUnits(input: SearchInput): SearchUnit[] {
  const byLocale = new Map<LocaleCode, Page[]>();
  for (const page of input.pages) {
    if (!page.indexable) continue;
    const list = byLocale.get(page.locale);
    if (list) list.push(page);
    else byLocale.set(page.locale, [page]);
  }
  return LOCALES.flatMap((locale) => {
    const pages = (byLocale.get(locale.code) ?? []).sort((a, b) => (a.path < b.path ? -1 : 1));
    const shards = Math.ceil(pages.length / (input.pagesPerIndex ?? Math.max(1, pages.length)));
    return Array.from({ length: shards }, (_, shard) => {
      const own = pages.slice(Math.floor((shard * pages.length) / shards), Math.floor(((shard + 1) * pages.length) / shards));
      const key = createHash('sha256').update(JSON.stringify([locale.host, locale.code, shard, own.map((p) => [p.path, input.keyOf(p)])])).digest('hex');
      return { host: locale.host, locale: locale.code, shard, pages: own, key };
    });
  });
}

/**
 * Hands each page's HTML to `add` in the pages' order (by path): Pagefind numbers pages in the order
 * they are added and its files depend on it, so equal inputs give equal bytes only in one order.
 * The next pages' HTML is read meanwhile, and `add` is called without waiting for the answers of
 * the pages before (at most PAGES_AHEAD of them are pending).
 */
async function inPathOrder(pages: readonly Page[], htmlOf: (page: Page) => Promise<string>, add: (page: Page, html: string) => Promise<void>): Promise<void> {
  const reads: Promise<string>[] = [];
  const adds: Promise<void>[] = [];
  // Awaited in turn below: a failure is reported there, not as an unhandled rejection meanwhile.
  const pending = <T>(promise: Promise<T>) => (promise.catch(() => undefined), promise);
  for (let i = 0; i < pages.length; i++) {
    for (let next = reads.length; next < Math.min(i + PAGES_AHEAD, pages.length); next++) reads.push(pending(htmlOf(pages[next]!)));
    const html = await reads[i]!;
    delete reads[i];
    if (i >= PAGES_AHEAD) await adds[i - PAGES_AHEAD];
    adds.push(pending(add(pages[i]!, html)));
  }
  await Promise.all(adds);
}

/**
 * Pages Pagefind left out without an error: it indexes only `data-pagefind-body` once any page has
 * one, so a page whose template has no such element would silently be missing from search.
 */
function lostPages(unit: SearchUnit, part: IndexPart): Diagnostic[] {
  const counted = Object.values(part.languages).reduce((sum, l) => sum + l.page_count, 0);
  if (counted === unit.pages.length) return [];
  return [diagnostic('SEARCH_INDEX_FAILED', `the search index of ${unit.locale}${unit.shard ? ` (its shard ${unitFolder(unit)})` : ''} holds ${counted} of its ${unit.pages.length} indexable pages: a page's template must put its content in the layout's <main data-pagefind-body>`)];
}

/**
 * Each host's bundle: Pagefind's runtime and one entry file for the locales' first indexes; each
 * further shard in its folder with an entry file of its own (no runtime or WebAssembly: a merged
 * index runs on what the page's index loaded), and SEARCH_SHARDS naming the shard folders of each language by the pages' `<html lang>`.
 */
function hostBundles(input: SearchInput, units: readonly SearchUnit[], parts: ReadonlyMap<SearchUnit, IndexPart>, runtime: PagefindRuntime): { files: OutputFile[] } {
  const files: OutputFile[] = [];
  const add = (host: HostKey, bundle: IndexPart['files'], folder = '') => {
    for (const file of bundle) files.push({ path: bundlePath(input, host, `${folder}${file.path}`), contents: file.bytes });
  };
  for (const host of HOST_KEYS) {
    const own = units.filter((u) => u.host === host);
    if (!own.length) continue;
    add(host, joinBundle(runtime, own.filter((u) => !u.shard).map((u) => parts.get(u)!)));
    const shards: Record<string, string[]> = {};
    for (const unit of own.filter((u) => u.shard)) {
      add(host, shardBundle(runtime, parts.get(unit)!), unitFolder(unit));
      (shards[getLocale(unit.locale).hreflang] ??= []).push(unitFolder(unit));
    }
    files.push({ path: `${input.hostDir(host)}${SEARCH_SHARDS}`, contents: new TextEncoder().encode(JSON.stringify(shards)) });
  }
  return { files };
}

function statsOf(units: readonly SearchUnit[], parts: ReadonlyMap<SearchUnit, IndexPart>, runtime: PagefindRuntime): Pick<SearchStats, 'hosts' | 'runtimeBytes'> {
  const runtimeBytes = runtime.files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
  const hosts: SearchStats['hosts'] = {};
  for (const unit of units) {
    const part = parts.get(unit)!;
    const host = (hosts[unit.host] ??= { bytes: runtimeBytes, locales: {} });
    const bytes = partBytes(part);
    host.bytes += bytes;
    const locale = (host.locales[unit.locale] ??= { language: Object.keys(part.languages).join(', '), pages: 0, bytes: 0, indexes: 0 });
    locale.pages += unit.pages.length;
    locale.bytes += bytes;
    locale.indexes++;
  }
  return { hosts, runtimeBytes };
}
