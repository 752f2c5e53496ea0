import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { makeArticle } from '../../bench/corpus.mjs';
import { articleOf, blogPost, MAIN, outputDifferences, ROOT, siteWithArticles } from '../../helpers/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-site-wide-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Files = Record<string, string | Uint8Array>;
const site = (): Files => siteWithArticles(6);
const article = articleOf;
const scratch = (files: Files) => build({ root: ROOT, fs: memorySourceFs(files), write: false, cache: false, minify: true, jobs: 1 });

/** A CI run from the saved cache (copied, as a CI cache is restored) into a fresh output: whether it made the sitemaps, and its output against a cold build's. */
async function ciRun(files: Files, saved: string, name: string, host = MAIN) {
  const cacheDir = join(dir, `${name}-cache`);
  cpSync(saved, cacheDir, { recursive: true });
  const result = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, `${name}-dist`), cacheDir, minify: true, jobs: 1 });
  expect(result.ok).toBe(true);
  const madeSitemaps = !result.rendered?.groups?.includes('sitemaps');
  expect(outputDifferences(result, await scratch(files))).toEqual([]);
  return { madeSitemaps, sitemap: readFileSync(join(dir, `${name}-dist`, host, 'en-US-sitemap.xml'), 'utf8') };
}

describe('files made from the pages\' records alone (the sitemaps) in a CI build with its cache restored', () => {
  const files = site();
  const saved = join(dir, 'saved');

  it('are taken from the cache after an edit to an article body, which changes no page\'s record', async () => {
    expect((await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'first-dist'), cacheDir: saved, minify: true, jobs: 1 })).ok).toBe(true);
    const edited = { ...files, [article(files, 2)]: `${files[article(files, 2)] as string}\nOne more closing line.\n` };
    expect((await ciRun(edited, saved, 'body')).madeSitemaps).toBe(false);
  });

  it('are made again when a page\'s date of change, the pages or the hosts change', async () => {
    const updated = { ...files, [article(files, 1)]: (files[article(files, 1)] as string).replace(/^date: (.*)$/m, 'date: $1\nupdated: 2026-11-20') };
    const byDate = await ciRun(updated, saved, 'updated');
    expect(byDate.madeSitemaps).toBe(true);
    expect(byDate.sitemap).toContain('<lastmod>2026-11-20</lastmod>');
    const added = { ...files, 'content/en/blog/brand-new.md': blogPost({ title: 'Brand new', date: makeArticle('en', 1, 6).date }, 'A new article.\n') };
    const byNew = await ciRun(added, saved, 'new');
    expect(byNew.madeSitemaps).toBe(true);
    expect(byNew.sitemap).toContain('/blog/brand-new<');
    const config = files['content/site.yaml'] as string;
    const hosts = { ...files, 'content/site.yaml': config.replace(/https:\/\/www\.polybrowser\.example/g, 'https://www.example.org') };
    expect(hosts['content/site.yaml']).not.toBe(config);
    const byHosts = await ciRun(hosts, saved, 'hosts', 'www.example.org');
    expect(byHosts.madeSitemaps).toBe(true);
    expect(byHosts.sitemap).toContain('https://www.example.org/');
  });
});
