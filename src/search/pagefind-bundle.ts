/**
 * What sitegen knows of the files Pagefind writes (its "bundle", served under /pagefind/ on each
 * host), so that a host's bundle can be put together from indexes made one locale at a time: each
 * locale's part is cached on its own (src/incremental/search-cache.ts) and an edit re-indexes only
 * the locale it is in. The layout is Pagefind 1.x's: `pagefind-entry.json` names each language's
 * metadata file by hash; a language's files (`pagefind.<lang>_<hash>.pf_meta`, `index/`,
 * `fragment/`, `filter/`, `wasm.<lang>.pagefind`) are named after it, so parts of different
 * languages never share a file; the runtime (pagefind.js, its worker and the language-neutral wasm)
 * is the same for every index of one Pagefind version.
 */

import { sizeOf, type OutputBytes } from '../model/output-file.js';

/** A file of a Pagefind bundle, by its path under /pagefind/. */
export interface BundleFile {
  path: string;
  bytes: Uint8Array;
  /** Its SHA-256 (hex) when known already: a file read from the search cache was checked against it. */
  sha256?: string;
}

/** A language's entry in pagefind-entry.json, as Pagefind writes it. */
export interface LanguageEntry {
  hash: string;
  wasm: string | null;
  page_count: number;
}

/**
 * What one index adds to a host's bundle: its languages' entries and files. Once the build has
 * kept a part's files (written them to its staging folder), its bytes are those files, not in memory.
 */
export interface IndexPart<Bytes extends OutputBytes = OutputBytes> {
  languages: Record<string, LanguageEntry>;
  files: { path: string; bytes: Bytes; sha256?: string }[];
}

/** Pagefind's search code, and what its entry file says besides the languages. */
export interface PagefindRuntime {
  version: string;
  includeCharacters: string[];
  files: BundleFile[];
}

export const ENTRY_FILE = 'pagefind-entry.json';

/** The search code the site's own search box loads (client/search/pagefind.ts): pagefind.js, the worker it starts, the wasm for languages without a stemmer. */
const RUNTIME_FILES = new Set(['pagefind.js', 'pagefind-worker.js', 'wasm.unknown.pagefind']);

/**
 * Pagefind's ready-made interfaces and the highlighter for result pages: the site shows results
 * with its own island and stylesheet, so these would be ~480 kB per host nobody loads.
 */
const UNUSED_FILE = /^(pagefind-(ui|modular-ui|component-ui)\.(js|css)|pagefind-highlight\.js|playground\/.*)$/;

interface EntryJson {
  version: string;
  languages: Record<string, LanguageEntry>;
  include_characters?: string[];
}

/** Splits what one index wrote into the runtime and its part; throws when the bundle lacks its entry file or runtime. */
export function splitBundle(files: readonly BundleFile[]): { runtime: PagefindRuntime; part: IndexPart<Uint8Array> } {
  const entryFile = files.find((f) => f.path === ENTRY_FILE);
  if (!entryFile) throw new Error(`Pagefind wrote no ${ENTRY_FILE}`);
  const entry = JSON.parse(new TextDecoder().decode(entryFile.bytes)) as EntryJson;
  const runtime = files.filter((f) => RUNTIME_FILES.has(f.path));
  const missing = [...RUNTIME_FILES].filter((path) => !runtime.some((f) => f.path === path));
  if (missing.length) throw new Error(`Pagefind ${entry.version} wrote no ${missing.join(', ')}: sitegen knows the file layout of Pagefind 1.x (src/search/pagefind-bundle.ts)`);
  return {
    runtime: { version: entry.version, includeCharacters: entry.include_characters ?? [], files: runtime },
    part: { languages: entry.languages, files: files.filter((f) => f.path !== ENTRY_FILE && !RUNTIME_FILES.has(f.path) && !UNUSED_FILE.test(f.path)) },
  };
}

/**
 * A host's bundle: the runtime, every part's files, and one entry file naming every part's
 * languages (sorted, so equal parts give equal bytes). Two parts must not hold one language or one
 * file: the second would silently replace the first.
 */
export function joinBundle(runtime: PagefindRuntime, parts: readonly IndexPart[]): IndexPart['files'] {
  const languages: Record<string, LanguageEntry> = {};
  const files = new Map<string, IndexPart['files'][number]>(runtime.files.map((f) => [f.path, f]));
  for (const part of parts) {
    for (const [language, entry] of Object.entries(part.languages)) {
      if (Object.hasOwn(languages, language)) throw new Error(`two search indexes of one host are both in language "${language}"`);
      languages[language] = entry;
    }
    for (const file of part.files) {
      if (files.has(file.path)) throw new Error(`two search indexes of one host both wrote ${file.path}`);
      files.set(file.path, file);
    }
  }
  const sorted = Object.fromEntries(Object.entries(languages).sort(([a], [b]) => (a < b ? -1 : 1)));
  const entry: EntryJson = { version: runtime.version, languages: sorted, include_characters: runtime.includeCharacters };
  return [...files.values(), { path: ENTRY_FILE, bytes: new TextEncoder().encode(JSON.stringify(entry)) }];
}

/** A language's stemmer (`wasm.<lang>.pagefind`), one of the files of its part. */
const LANGUAGE_WASM = /^wasm\.[^/]+\.pagefind$/;

/**
 * A shard's bundle, a further index of a language the host's bundle has (docs/search.md, step 5):
 * its part's files and an entry file naming its language, without Pagefind's runtime. The part
 * comes without the language's WebAssembly (bundledFiles): Pagefind runs a merged index on what the
 * page's own index loaded.
 */
export function shardBundle(runtime: PagefindRuntime, part: IndexPart): IndexPart['files'] {
  return joinBundle({ ...runtime, files: [] }, [part]);
}

/**
 * The files of a part that its bundle holds: all of them, but for a shard's language WebAssembly.
 * The search stage takes every part through it before a file reaches the output (keptPart).
 */
export function bundledFiles<B extends OutputBytes>(part: IndexPart<B>, shard: boolean): IndexPart<B>['files'] {
  return shard ? part.files.filter((f) => !LANGUAGE_WASM.test(f.path)) : part.files;
}

/** Bytes of a part's files: what its languages' index costs on the host. */
export function partBytes(part: IndexPart): number {
  return part.files.reduce((sum, f) => sum + sizeOf(f.bytes), 0);
}
