#!/usr/bin/env node
// The memory of Pagefind's indexer process for one locale of N pages: as one index, and in shards
// of `search.pagesPerIndex` pages one after the other (docs/search.md, step 5), side by side in one
// invocation. The pages are a built site's HTML (every page with <main data-pagefind-body> under
// HOST_DIR, taken again under other URLs until there are N), given to Pagefind as the search stage
// gives them (the <html lang> and the main element, src/model/search-part.ts), all in one language
// (--lang) so that they make one locale's index. Pagefind's process is sampled from /proc every 100 ms.
//
// Usage: node tests/bench/pagefind-memory.mjs HOST_DIR [--pages 1500,6000] [--per-index 1500] [--lang en]
// For example, after `npm run bench -- --articles 1000`:
//   node tests/bench/pagefind-memory.mjs /tmp/sitegen-bench/1000/dist/www.polybrowser.example --pages 6000
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const dir = args[0];
if (!dir || dir.startsWith('--')) {
  console.error('usage: node tests/bench/pagefind-memory.mjs HOST_DIR [--pages 1500,6000] [--per-index 1500] [--lang en]');
  process.exit(2);
}
const sizes = arg('pages', '1500,6000').split(',').map(Number);
const perIndex = Number(arg('per-index', '1500'));
const lang = arg('lang', 'en');

/** What the search stage gives Pagefind of a page (indexedPart), in one language. */
function indexed(html) {
  const start = html.search(/<main\b[^>]*\bdata-pagefind-body\b/);
  const end = html.lastIndexOf('</main>');
  return start < 0 || end < start ? undefined : `<html lang="${lang}"><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}
const pages = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => indexed(readFileSync(join(entry.parentPath, entry.name), 'utf8')))
  .filter((page) => page !== undefined);
if (!pages.length) throw new Error(`no page with <main data-pagefind-body> under ${dir}`);

/** Resident MiB of this process's children: Pagefind's indexer. */
function childrenMiB() {
  let kib = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      kib += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended while listed
    }
  }
  return kib / 1024;
}

/** Indexes `count` pages in indexes of at most `size`, one after the other in a new indexer process; its peak MiB and the seconds taken. */
async function measure(count, size) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, childrenMiB())), 100);
  const started = process.hrtime.bigint();
  const shards = Math.ceil(count / size);
  for (let shard = 0; shard < shards; shard++) {
    const from = Math.floor((shard * count) / shards);
    const to = Math.floor(((shard + 1) * count) / shards);
    const { index } = await pagefind.createIndex({ maxFragments: Math.ceil((to - from) / 4) });
    for (let i = from; i < to; i += 8) {
      await Promise.all(Array.from({ length: Math.min(8, to - i) }, (_, k) => index.addHTMLFile({ url: `/page-${i + k}`, content: pages[(i + k) % pages.length] })));
    }
    const out = mkdtempSync(join(tmpdir(), 'sitegen-pagefind-memory-'));
    await index.writeFiles({ outputPath: out });
    peak = Math.max(peak, childrenMiB());
    await index.deleteIndex();
    rmSync(out, { recursive: true, force: true });
  }
  clearInterval(sampler);
  await pagefind.close();
  return { peak, seconds: Number(process.hrtime.bigint() - started) / 1e9, shards };
}

console.log(`${pages.length} pages under ${dir}, each taken again under other URLs as needed; language ${lang}`);
console.log('| pages | one index: peak MiB | s | in shards of ' + perIndex + ': shards | peak MiB | s |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const count of sizes) {
  const one = await measure(count, count);
  const sharded = await measure(count, perIndex);
  console.log(`| ${count} | ${one.peak.toFixed(0)} | ${one.seconds.toFixed(1)} | ${sharded.shards} | ${sharded.peak.toFixed(0)} | ${sharded.seconds.toFixed(1)} |`);
}
