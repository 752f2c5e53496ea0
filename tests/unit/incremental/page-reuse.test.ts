import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { makeArticle } from '../../bench/corpus.mjs';
import { baseFiles, blogPost, MAIN, outputDifferences, publicFiles, ROOT } from '../../helpers/fixture.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sitegen-incremental-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function site(): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = { ...baseFiles(), ...publicFiles() };
  files['content/messages/fr.yaml'] = 'nav:\n  pricing: Tarifs\n';
  files['content/en/blog/goodbye.md'] = blogPost({ title: 'An article nobody links to' });
  for (const locale of ['en', 'fr'] as const) {
    for (let i = 1; i <= 12; i++) {
      const a = makeArticle(locale, i, 12);
      files[`content/${locale}/blog/${a.id}.md`] = blogPost({ title: a.title, description: a.description, date: a.date, category: a.category, tags: a.tags }, a.body);
    }
  }
  return files;
}

/** An incremental build into dist, with its cache (the page cache holds the previous build's pages). */
const incremental = (files: Record<string, string | Uint8Array>) => build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'dist'), cacheDir: join(dir, 'cache'), minify: true, jobs: 1 });
/** The same site built from nothing, in memory. */
const scratch = (files: Record<string, string | Uint8Array>) => build({ root: ROOT, fs: memorySourceFs(files), write: false, cache: false, minify: true, jobs: 1 });


describe('incremental builds', () => {
  const files = site();
  let total = 0;

  it('renders every page the first time, and none when nothing changed', async () => {
    const first = await incremental(files);
    expect(first.ok).toBe(true);
    total = first.rendered!.pages;
    expect(first.rendered).toEqual({ pages: total, reused: 0 });
    const second = await incremental(files);
    expect(second.rendered).toEqual({ pages: total, reused: total });
    expect(outputDifferences(first, second)).toEqual([]);
  });

  it('renders only the page of an edited article body', async () => {
    files['content/en/blog/bench-00003.md'] = `${files['content/en/blog/bench-00003.md'] as string}\nA new closing line.\n`;
    const result = await incremental(files);
    expect(result.rendered!.reused).toBe(total - 1);
    expect(new TextDecoder().decode(result.output.get(`${MAIN}/blog/bench-00003.html`))).toContain('A new closing line.');
  });

  it('renders the lists and links that show an edited title, and the output equals a build from nothing', async () => {
    files['content/en/blog/bench-00004.md'] = (files['content/en/blog/bench-00004.md'] as string).replace(/^title: .*$/m, 'title: A brand new title');
    const result = await incremental(files);
    const rendered = total - result.rendered!.reused;
    expect(rendered).toBeGreaterThan(1);
    expect(rendered).toBeLessThan(total / 4);
    expect(outputDifferences(result, await scratch(files))).toEqual([]);
  });

  it('renders only the French pages when a French message changes', async () => {
    files['content/messages/fr.yaml'] = 'nav:\n  pricing: Nos tarifs\n';
    const result = await incremental(files);
    const french = result.pages.filter((p) => p.locale === 'fr').length;
    expect(total - result.rendered!.reused).toBe(french);
  });

  it('renders only the pages that read an edited data table (pricing), and the output equals a build from nothing', async () => {
    files['content/data/pricing.yaml'] = (files['content/data/pricing.yaml'] as string).replace('prices: {USD: 9.9,', 'prices: {USD: 8.9,');
    const result = await incremental(files);
    const rendered = result.rendered!.pages - result.rendered!.reused;
    // The pricing pages, and the download and feature pages, whose JSON-LD offers the free plan.
    const readers = result.pages.filter((p) => p.key === 'pricing' || p.key === 'download' || p.key.startsWith('feature/')).length;
    expect(readers).toBeGreaterThan(result.pages.filter((p) => p.key === 'pricing').length);
    expect(rendered).toBe(readers);
    expect(new TextDecoder().decode(result.output.get(`${MAIN}/pricing.html`))).toContain('8.9');
    expect(outputDifferences(result, await scratch(files))).toEqual([]);
  });

  it('removes the page of a deleted article and updates its lists; nothing stale is left in dist', async () => {
    expect(existsSync(join(dir, 'dist', MAIN, 'blog/goodbye.html'))).toBe(true);
    delete files['content/en/blog/goodbye.md'];
    const result = await incremental(files);
    expect(result.ok).toBe(true);
    expect(result.output.has(`${MAIN}/blog/goodbye.html`)).toBe(false);
    expect(existsSync(join(dir, 'dist', MAIN, 'blog/goodbye.html'))).toBe(false);
    expect(outputDifferences(result, await scratch(files))).toEqual([]);
  });

  it('renders everything again when the manifest is damaged', async () => {
    writeFileSync(join(dir, 'cache/pages/manifest.json'), '{"salt":');
    // One body edited, so that the build cannot take the whole output from the cache (output-snapshot.ts).
    const edited = { ...files, 'content/en/blog/goodbye.md': blogPost({ title: 'An article nobody links to' }, 'Edited after the damage.\n') };
    const result = await incremental(edited);
    expect(result.rendered!.reused).toBe(0);
    expect(result.ok).toBe(true);
    expect(outputDifferences(result, await scratch(edited))).toEqual([]);
  });
});
