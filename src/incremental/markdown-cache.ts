import { createHash } from 'node:crypto';
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import { FILES_AT_ONCE } from '../fs/source-fs.js';
import type { CacheStats } from '../pipeline/build-result.js';
import type { ImageFacts } from '../model/images.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import type { MarkdownJob, MarkdownRenderer } from '../parse/markdown-jobs.js';

export interface CachedRenderer {
  render: MarkdownRenderer;
  /** Counts of the last render call. */
  stats(): CacheStats;
}

/**
 * Rendered Markdown kept on disk (node_modules/.cache/sitegen/markdown by default), under a key made
 * of the body, everything its rendering reads (locale, hosts, domains, line offset, the facts of the
 * images it names) and the salt (sitegen's Markdown code and the locked dependency versions). Keys
 * never involve file times or absolute paths, so a CI cache restored from another run is valid.
 *
 * Entries are packed: one file per first key byte (`pack-ab.jsonl`, 256 at most), a line per entry
 * (`key TAB json`), so a build reads a few hundred files instead of one per body. A `complete` render
 * (a full build's parse stage, which renders every body at once) rewrites each pack with exactly the
 * entries it used, so the cache holds what the last full build needed and no more; any other render
 * (a dev session's edit) appends its new entries. A line that does not parse or names another key
 * (damaged, or cut short by a stopped build) is ignored and its body rendered again; packs are
 * rewritten through a temporary file and a rename. With `writes`, render returns before its entries
 * are written and adds the writing to that set; `readOnly` reads entries and writes none.
 */
export function cachedRenderer(inner: MarkdownRenderer, dir: string, salt: string, options: CacheOptions = {}): CachedRenderer {
  const { memory, writes, readOnly = false, complete = false } = options;
  let last: CacheStats = { bodies: 0, rendered: 0 };
  return {
    stats: () => last,
    render: async (jobs, facts, progress) => {
      const keys = jobs.map((job) => jobKey(job, facts, salt));
      // A dev session keeps what it rendered in memory too: a rebuild reads nothing from disk.
      const wanted = keys.filter((key) => !memory?.has(key));
      const packed = wanted.length ? await readPacks(dir, wanted) : { found: new Map<string, RenderedMarkdown>(), stale: new Set<string>() };
      const found = keys.map((key) => memory?.get(key) ?? packed.found.get(key));
      if (memory) found.forEach((entry, i) => { if (entry) memory.set(keys[i]!, entry); });
      const missing = found.flatMap((entry, i) => (entry ? [] : [i]));
      // Bodies from the cache are done at once; the others as they are rendered.
      if (jobs.length > missing.length) progress?.(jobs.length - missing.length);
      const rendered = missing.length ? await inner(missing.map((i) => jobs[i]!), facts, progress) : [];
      missing.forEach((index, i) => {
        found[index] = rendered[i];
        memory?.set(keys[index]!, rendered[i]!);
      });
      // The cache only saves time: a full disk or a read-only folder must not fail the build.
      const entries = (indexes: number[]) => indexes.map((i) => [keys[i]!, found[i]!] as const);
      const written = readOnly ? Promise.resolve() : writePacks(dir, entries(missing), complete ? { all: entries(keys.map((_, i) => i)), stale: packed.stale } : undefined).catch(() => undefined);
      if (writes) {
        // Written behind: whoever owns `writes` awaits them (a build session, when it closes).
        writes.add(written);
        void written.then(() => writes.delete(written));
      } else await written;
      last = { bodies: jobs.length, rendered: missing.length };
      // Each with its key as its digest (page keys hash it instead of the HTML); what is kept stays without.
      return found.map((entry, i) => ({ ...entry!, digest: keys[i]! }));
    },
  };
}

export interface CacheOptions {
  /** A dev session's entries, kept in memory across its builds. */
  memory?: Map<string, RenderedMarkdown>;
  /** Where a session collects writes still running, to await them when it closes. */
  writes?: Set<Promise<unknown>>;
  /** Read entries, write none (a build that writes nothing). */
  readOnly?: boolean;
  /** This render is every body of the site: the packs are rewritten with its entries only. */
  complete?: boolean;
}

const IMAGE_PATH = /\/[^\s()"'<>]+\.(?:png|jpe?g|gif|webp|avif|tiff?|svg)/gi;

export function jobKey(job: MarkdownJob, facts: ImageFacts, salt: string): string {
  // The body is hashed as it is, not inside a JSON text of the job: serialising 14 744 bodies only
  // to hash them cost as much as hashing. Contexts are shared by a locale's jobs: each is serialised once.
  const hash = createHash('sha256').update(salt).update('\0').update(contextText(job.context)).update(`\0${job.lineOffset}\0${job.firstIsLead}\0`).update(job.body);
  // Only the images the body can name change its output: a new image elsewhere keeps its key.
  const named = [...new Set(job.body.match(IMAGE_PATH) ?? [])].sort();
  for (const path of named) hash.update('\0').update(path).update(JSON.stringify(facts.get(path) ?? null));
  return hash.digest('hex');
}

function contextText(context: MarkdownJob['context']): string {
  let text = contextTexts.get(context);
  if (text === undefined) contextTexts.set(context, (text = JSON.stringify(context)));
  return text;
}

const contextTexts = new WeakMap<MarkdownJob['context'], string>();

const packOf = (key: string) => key.slice(0, 2);
const packPath = (dir: string, pack: string) => join(dir, `pack-${pack}.jsonl`);

function byPack<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const packs = new Map<string, T[]>();
  for (const item of items) {
    const pack = packOf(keyOf(item));
    const list = packs.get(pack);
    if (list) list.push(item);
    else packs.set(pack, [item]);
  }
  return packs;
}

/**
 * The entries of these keys found in their packs (only the wanted lines are parsed), and the packs
 * holding lines nobody asked for (entries of older bodies, or damaged lines).
 */
async function readPacks(dir: string, keys: readonly string[]): Promise<{ found: Map<string, RenderedMarkdown>; stale: Set<string> }> {
  const wanted = new Set(keys);
  const found = new Map<string, RenderedMarkdown>();
  const stale = new Set<string>();
  await mapConcurrent([...byPack(keys, (key) => key).keys()], FILES_AT_ONCE, async (pack) => {
    const text = await readFile(packPath(dir, pack), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (!line) continue;
      const tab = line.indexOf('\t');
      const key = line.slice(0, tab);
      if (tab !== 64 || !wanted.has(key)) {
        stale.add(pack);
        continue;
      }
      try {
        const value = JSON.parse(line.slice(tab + 1)) as RenderedMarkdown;
        if (value && typeof value.html === 'string') found.set(key, value);
        else stale.add(pack);
      } catch {
        stale.add(pack); // a damaged line: its body renders again
      }
    }
  });
  return { found, stale };
}

const lineOf = ([key, value]: readonly [string, RenderedMarkdown]) => `${key}\t${JSON.stringify(value)}\n`;
type Entry = readonly [string, RenderedMarkdown];

/**
 * New entries go at the end of their packs (each append starts on a fresh line, whatever a stopped
 * build left). After a complete render, a pack holding stale lines is rewritten with exactly the
 * entries of this render, and packs no entry falls in are removed: the cache stays the size of the
 * site. Packs are rewritten through a temporary file and a rename.
 */
async function writePacks(dir: string, added: readonly Entry[], complete?: { all: readonly Entry[]; stale: ReadonlySet<string> }): Promise<void> {
  if (!added.length && !complete?.stale.size) return;
  await mkdir(dir, { recursive: true });
  const rewrite = new Map([...byPack(complete?.all ?? [], ([key]) => key)].filter(([pack]) => complete!.stale.has(pack)));
  const append = [...byPack(added, ([key]) => key)].filter(([pack]) => !rewrite.has(pack));
  // One pack at a time: a pack's text is its bodies' HTML once more, and a cold build of 4000
  // articles a locale writing 64 packs at once held a quarter of all the site's HTML twice.
  for (const [pack, list] of append) await appendFile(packPath(dir, pack), `\n${list.map(lineOf).join('')}`);
  for (const [pack, list] of rewrite) await replaceFile(packPath(dir, pack), list.map(lineOf).join(''));
  if (!complete) return;
  const used = new Set(complete.all.map(([key]) => packOf(key)));
  // Packs no body needs any more, and the one-file-per-entry folders of earlier versions.
  const unused = (await readdir(dir)).filter((name) => (/^pack-[0-9a-f]{2}\.jsonl$/.test(name) && !used.has(name.slice(5, 7))) || /^[0-9a-f]{2}$/.test(name));
  await Promise.all(unused.map((name) => rm(join(dir, name), { recursive: true, force: true })));
}
