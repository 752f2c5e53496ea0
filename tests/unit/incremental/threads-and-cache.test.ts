import { cpSync, readFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/build.js';
import { cachedRenderer, jobKey } from '../../../src/incremental/markdown-cache.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import type { ImageFact } from '../../../src/model/images.js';
import { getLocale } from '../../../src/model/locale-table.js';
import { renderInThisThread, type MarkdownJob } from '../../../src/parse/markdown-jobs.js';
import { workerPool } from '../../../src/parallel/worker-pool.js';
import { drawSocialCard } from '../../../src/images/social-card.js';
import type { SocialCard } from '../../../src/model/social-image.js';
import { makeArticle } from '../../bench/corpus.mjs';
import { bundledWorker } from '../../helpers/build-worker.js';
import { baseFiles, blogPost, outputDifferences, publicFiles, ROOT } from '../../helpers/fixture.js';

let dir: string;
let workerScript: string;
let removeWorker: () => void;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-parallel-'));
  ({ script: workerScript, remove: removeWorker } = await bundledWorker('threads'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  removeWorker();
});

/** The real configuration plus 16 generated articles in en and fr, some with an image. */
function site(): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = { ...baseFiles(), ...publicFiles() };
  for (const locale of ['en', 'fr'] as const) {
    for (let i = 1; i <= 16; i++) {
      const a = makeArticle(locale, i, 16);
      files[`content/${locale}/blog/${a.id}.md`] = blogPost({ title: a.title, description: a.description, date: a.date, category: a.category, tags: a.tags }, a.body);
    }
  }
  return files;
}


describe('worker threads and the Markdown cache', () => {
  const run = (files: Record<string, string | Uint8Array>, jobs: number, cacheDir: string, cache = true) =>
    build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheWrites: true, minify: true, jobs, workerScript, cacheDir, cache });
  // Built once for both tests: in this thread without a cache, and with 3 threads into a cold cache.
  let inThread: BuildResult;
  let threads: BuildResult;
  beforeAll(async () => {
    inThread = await run(site(), 1, join(dir, 'a'), false);
    threads = await run(site(), 3, join(dir, 'b'));
  });

  it('gives byte-identical output with 1 or 3 worker threads, cold or from the cache', async () => {
    const warm = await run(site(), 3, join(dir, 'b'));
    expect(inThread.ok).toBe(true);
    expect(inThread.output.size).toBeGreaterThan(500);
    expect(outputDifferences(inThread, threads)).toEqual([]);
    expect(outputDifferences(inThread, warm)).toEqual([]);
    expect(threads.markdown).toEqual({ bodies: expect.any(Number), rendered: threads.markdown!.bodies });
    expect(warm.markdown).toEqual({ bodies: threads.markdown!.bodies, rendered: 0 });
    expect(inThread.markdown).toBeUndefined();
  });

  it('renders again only the bodies that changed, and ignores damaged entries', async () => {
    const files = site();
    // A copy of the cache the 3 threads filled, used from this thread.
    const cacheDir = join(dir, 'c');
    cpSync(join(dir, 'b'), cacheDir, { recursive: true });
    const fromThisThread = () => run(files, 1, cacheDir);
    files['content/en/blog/bench-00003.md'] = `${files['content/en/blog/bench-00003.md'] as string}\nOne more line.\n`;
    const edited = await fromThisThread();
    expect(edited.markdown).toEqual({ bodies: threads.markdown!.bodies, rendered: 1 });
    // One line of a pack cut short, as a stopped build or a full disk would leave it.
    const pack = readdirSync(join(cacheDir, 'markdown')).find((name) => name.endsWith('.jsonl'))!;
    const lines = readFileSync(join(cacheDir, 'markdown', pack), 'utf8').split('\n').filter(Boolean);
    writeFileSync(join(cacheDir, 'markdown', pack), [`${lines[0]!.slice(0, 100)}`, ...lines.slice(1)].join('\n'));
    const again = await fromThisThread();
    expect(again.markdown?.rendered).toBe(1);
    expect(again.ok && edited.ok).toBe(true);
    // The edited post's page differs, the blog's feeds, which hold its full text, and the English
    // search index, which holds its words.
    const englishIndex = /\/pagefind\/((index|fragment)\/|pagefind\.)en_|\/pagefind\/pagefind-entry\.json$/;
    expect(outputDifferences(again, threads).filter((path) => !path.includes('bench-00003') && !/\/blog\/feed\.(rss|atom|json)$/.test(path) && !englishIndex.test(path))).toEqual([]);
  });

  it('packs entries in at most 256 files, which a complete render leaves holding exactly the bodies it used', async () => {
    const files = site();
    const cacheDir = join(dir, 'packs');
    cpSync(join(dir, 'b'), cacheDir, { recursive: true });
    const packs = () => readdirSync(join(cacheDir, 'markdown'));
    const lineCount = () => packs().reduce((n, name) => n + readFileSync(join(cacheDir, 'markdown', name), 'utf8').split('\n').filter(Boolean).length, 0);
    expect(packs().every((name) => /^pack-[0-9a-f]{2}\.jsonl$/.test(name))).toBe(true);
    expect(packs().length).toBeLessThanOrEqual(256);
    expect(lineCount()).toBe(threads.markdown!.bodies);
    // An edited body: its old entry goes, its new one comes, nothing else is rendered.
    files['content/en/blog/bench-00004.md'] = `${files['content/en/blog/bench-00004.md'] as string}\nAnother line.\n`;
    expect((await run(files, 1, cacheDir)).markdown).toEqual({ bodies: threads.markdown!.bodies, rendered: 1 });
    expect(lineCount()).toBe(threads.markdown!.bodies);
  });
});

describe('cache keys', () => {
  const job = (body: string): MarkdownJob => ({
    body, lineOffset: 5, firstIsLead: true,
    context: { locale: getLocale('en'), hosts: { main: 'https://a.example', zh: 'https://b.example', ru: 'https://c.example' }, ownDomains: ['a.example'], partnerDomains: [] },
  });
  const raster = (width: number): ImageFact => ({ kind: 'raster', width, height: 10, key: `k${width}`, variants: [] });

  it('depend on the body, its context, the salt and the images it names, and on nothing else', () => {
    const facts = new Map([['/images/a.png', raster(10)], ['/images/b.png', raster(20)]]);
    const key = jobKey(job('![x](/images/a.png)'), facts, 'salt');
    expect(jobKey(job('![x](/images/a.png)'), facts, 'salt')).toBe(key);
    expect(jobKey(job('![y](/images/a.png)'), facts, 'salt')).not.toBe(key);
    expect(jobKey({ ...job('![x](/images/a.png)'), lineOffset: 6 }, facts, 'salt')).not.toBe(key);
    expect(jobKey(job('![x](/images/a.png)'), facts, 'other salt')).not.toBe(key);
    expect(jobKey(job('![x](/images/a.png)'), new Map([...facts, ['/images/b.png', raster(30)]]), 'salt')).toBe(key);
    expect(jobKey(job('![x](/images/a.png)'), new Map([...facts, ['/images/a.png', raster(30)]]), 'salt')).not.toBe(key);
  });

  it('keeps concurrent calls to the thread pool apart: each renders with its own image facts', async () => {
    const pool = workerPool(workerScript, 2);
    try {
      const jobs = Array.from({ length: 70 }, (_, i) => job(`Body ${i}\n\n![x](/images/a.png)`));
      const [narrow, wide] = await Promise.all([
        pool.run('markdown', jobs, new Map([['/images/a.png', raster(10)]])),
        pool.run('markdown', jobs, new Map([['/images/a.png', raster(30)]])),
      ]);
      expect(narrow.map((r) => /width="(\d+)"/.exec(r.html)?.[1])).toEqual(jobs.map(() => '10'));
      expect(wide.map((r) => /width="(\d+)"/.exec(r.html)?.[1])).toEqual(jobs.map(() => '30'));
      expect(wide.map((r) => /<p>(Body \d+)<\/p>/.exec(r.html)?.[1])).toEqual(jobs.map((_, i) => `Body ${i}`));
    } finally {
      await pool.close();
    }
  });

  it('runs a social call between two Markdown calls at once: each batch with the shared value of its own call, each call with its results in job order', async () => {
    const pool = workerPool(workerScript, 2);
    try {
      const jobs = Array.from({ length: 40 }, (_, i) => job(`Body ${i}\n\n![x](/images/a.png)`));
      const cards = ['First title', 'Second title', 'Third title'].map((title): SocialCard => ({ title, brand: 'PolyBrowser', lang: 'en', script: 'latin' }));
      const [narrow, drawn, wide] = await Promise.all([
        pool.run('markdown', jobs, new Map([['/images/a.png', raster(10)]])),
        pool.run('social', cards, null),
        pool.run('markdown', jobs, new Map([['/images/a.png', raster(30)]])),
      ]);
      expect(narrow.map((r) => /width="(\d+)"/.exec(r.html)?.[1])).toEqual(jobs.map(() => '10'));
      expect(wide.map((r) => /width="(\d+)"/.exec(r.html)?.[1])).toEqual(jobs.map(() => '30'));
      // The same PNGs as this thread draws, in the cards' order.
      const alone = await Promise.all(cards.map((card) => drawSocialCard(card)));
      expect(drawn.map((d, i) => Buffer.from(d.png).equals(Buffer.from(alone[i]!.png)))).toEqual([true, true, true]);
    } finally {
      await pool.close();
    }
  });

  it('a cache that cannot be written still renders', async () => {
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the cache folder should be');
    const cached = cachedRenderer(renderInThisThread, blocked, 'salt');
    const [result] = await cached.render([job('# Hi\n\nText')], new Map());
    expect(result!.body.read().html).toContain('<p>Text</p>');
    expect(cached.stats?.()).toEqual({ bodies: 1, rendered: 1 });
  });
});
