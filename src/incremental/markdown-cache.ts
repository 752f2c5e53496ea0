import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
 * Rendered Markdown kept on disk (node_modules/.cache/sitegen/markdown by default), one file per body
 * under a key made of the body, everything its rendering reads (locale, hosts, domains, line offset,
 * the facts of the images it names) and the salt (sitegen's Markdown code and the locked dependency
 * versions). Keys never involve file times or absolute paths, so a CI cache restored from another
 * run is valid. An entry that does not parse or names another key (damaged, or half-written by a
 * stopped build) is ignored and rendered again; entries are written to a temporary file and renamed.
 * With `writes`, render returns before its entries are written and adds the writing to that set;
 * `readOnly` reads entries and writes none (a build that writes nothing).
 */
export function cachedRenderer(inner: MarkdownRenderer, dir: string, salt: string, memory?: Map<string, RenderedMarkdown>, writes?: Set<Promise<unknown>>, readOnly = false): CachedRenderer {
  let last: CacheStats = { bodies: 0, rendered: 0 };
  return {
    stats: () => last,
    render: async (jobs, facts) => {
      const keys = jobs.map((job) => jobKey(job, facts, salt));
      // A dev session keeps what it rendered in memory too: a rebuild reads nothing from disk.
      const found = await mapConcurrent(keys, FILES_AT_ONCE, async (key) => memory?.get(key) ?? readEntry(dir, key));
      if (memory) found.forEach((entry, i) => { if (entry) memory.set(keys[i]!, entry); });
      const missing = found.flatMap((entry, i) => (entry ? [] : [i]));
      const rendered = missing.length ? await inner(missing.map((i) => jobs[i]!), facts) : [];
      missing.forEach((index, i) => {
        found[index] = rendered[i];
        memory?.set(keys[index]!, rendered[i]!);
      });
      // The cache only saves time: a full disk or a read-only folder must not fail the build.
      const written = readOnly ? Promise.resolve() : mapConcurrent(missing, FILES_AT_ONCE, (index, i) => writeEntry(dir, keys[index]!, rendered[i]!).catch(() => undefined));
      if (writes) {
        // Written behind: whoever owns `writes` awaits them (a build session, when it closes).
        writes.add(written);
        void written.then(() => writes.delete(written));
      } else await written;
      last = { bodies: jobs.length, rendered: missing.length };
      return found as RenderedMarkdown[];
    },
  };
}

const IMAGE_PATH = /\/[^\s()"'<>]+\.(?:png|jpe?g|gif|webp|avif|tiff?|svg)/gi;

export function jobKey(job: MarkdownJob, facts: ImageFacts, salt: string): string {
  const hash = createHash('sha256').update(salt).update('\0').update(JSON.stringify(job));
  // Only the images the body can name change its output: a new image elsewhere keeps its key.
  const named = [...new Set(job.body.match(IMAGE_PATH) ?? [])].sort();
  for (const path of named) hash.update('\0').update(path).update(JSON.stringify(facts.get(path) ?? null));
  return hash.digest('hex');
}

const entryPath = (dir: string, key: string) => join(dir, key.slice(0, 2), `${key}.json`);

async function readEntry(dir: string, key: string): Promise<RenderedMarkdown | undefined> {
  try {
    const entry = JSON.parse(await readFile(entryPath(dir, key), 'utf8')) as { key?: string; value?: RenderedMarkdown };
    return entry.key === key && entry.value && typeof entry.value.html === 'string' ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

async function writeEntry(dir: string, key: string, value: RenderedMarkdown): Promise<void> {
  const path = entryPath(dir, key);
  await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify({ key, value }));
  await rename(temp, path);
}
