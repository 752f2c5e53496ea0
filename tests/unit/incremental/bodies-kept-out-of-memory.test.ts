import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs, type SourceFs } from '../../../src/fs/source-fs.js';
import { cachedRenderer } from '../../../src/incremental/markdown-cache.js';
import { getLocale } from '../../../src/model/locale-table.js';
import { renderInThisThread, type MarkdownJob } from '../../../src/parse/markdown-jobs.js';
import { baseFiles, blogPost, errorsOf, htmlAt, MAIN, outputDifferences, ROOT } from '../../helpers/fixture.js';

const parent = mkdtempSync(join(tmpdir(), 'sitegen-bodies-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const site = () => ({
  ...baseFiles(),
  'content/en/blog/first.md': blogPost({ title: 'First' }, 'The **first** body.\n\n## A part\n\nMore text.\n'),
  'content/en/blog/second.md': blogPost({ title: 'Second' }, 'The second body, with [a link](/blog/first).\n'),
});

const spillFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`sitegen-bodies-${process.pid}-`));

describe('a build keeps rendered bodies out of memory', () => {
  it('reads each page\'s body back from the cache\'s packs or its temporary file, and writes what a build in memory writes', async () => {
    const files = site();
    const inMemory = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cache: false, minify: true, jobs: 1 });
    const packed = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(parent, 'packed'), cacheDir: join(parent, 'cache'), minify: true, jobs: 1 });
    const spilled = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(parent, 'spilled'), cache: false, minify: true, jobs: 1 });
    expect(errorsOf(packed)).toEqual([]);
    expect(htmlAt(packed, `${MAIN}/blog/first.html`)).toContain('The <strong>first</strong> body.');
    expect(outputDifferences(packed, inMemory)).toEqual([]);
    expect(outputDifferences(spilled, inMemory)).toEqual([]);
    // The pack line holds the body's HTML and headings, apart from what stays in memory.
    const pack = readdirSync(join(parent, 'cache/markdown')).map((name) => readFileSync(join(parent, 'cache/markdown', name), 'utf8')).join('');
    const line = pack.split('\n').find((l) => l.includes('The <strong>first</strong> body.'))!;
    const [key, meta, content] = line.split('\t');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(meta!)).toEqual({ links: [], excerpt: 'The first body.', bytes: Buffer.byteLength(content!) });
    expect(JSON.parse(content!).headings).toEqual([expect.objectContaining({ id: 'a-part', text: 'A part', depth: 2 })]);
    // The temporary file of a build without a cache is gone with the build.
    expect(spillFiles()).toEqual([]);
    const entry = spilled.pages.find((p) => p.entry?.id === 'first')!.entry!;
    expect(() => entry.body.read()).toThrow('the build that kept its rendered Markdown has ended');
  });

  it('finds a body another build moved in its pack, and says so when one removed it', async () => {
    const dir = join(parent, 'moved');
    const context = { locale: getLocale('en'), hosts: { main: 'https://a.example', zh: 'https://b.example', ru: 'https://c.example' }, ownDomains: ['a.example'], partnerDomains: [] };
    const job = (body: string): MarkdownJob => ({ body, context, lineOffset: 0, firstIsLead: false });
    const cache = cachedRenderer(renderInThisThread, dir, 'salt');
    const [parsed] = await cache.render([job('Hello **there**\n')], new Map());
    const packPath = join(dir, readdirSync(dir)[0]!);
    const line = readFileSync(packPath, 'utf8');
    // Another build rewrote the pack with a line of its own first.
    writeFileSync(packPath, `${'a'.repeat(64)}\t{"links":[],"excerpt":"x","bytes":2}\t{}\n${line}`);
    expect(parsed!.body.read().html).toBe('<p>Hello <strong>there</strong></p>');
    writeFileSync(packPath, '');
    expect(() => parsed!.body.read()).toThrow(/is no longer in .*pack-.*another build using this cache folder changed it/);
    cache.close();
  });

  it('does not use a pack line whose body was cut short, and renders that body again', async () => {
    const cacheDir = join(parent, 'cut');
    const files = site();
    const run = () => build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheWrites: true, cacheDir, minify: true, jobs: 1 });
    const first = await run();
    const folder = join(cacheDir, 'markdown');
    for (const name of readdirSync(folder)) {
      const text = readFileSync(join(folder, name), 'utf8');
      // Cut inside the HTML, the line still ending in a line break: only the length in its meta tells.
      writeFileSync(join(folder, name), text.replace(/(<strong>first)<\/strong> body\./, '$1'));
    }
    const again = await run();
    expect(again.markdown).toEqual({ bodies: first.markdown!.bodies, rendered: 1 });
    expect(outputDifferences(again, first)).toEqual([]);
  });
});

describe('a Markdown file that changes while the build runs', () => {
  /** The content as `files`, except that the file read the second time is `later` (parse reads it again). */
  const changingFs = (files: Record<string, string>, path: string, later: string | undefined): SourceFs => {
    const fs = memorySourceFs(files);
    let reads = 0;
    return {
      ...fs,
      readBytesSync: (file) => (file === path && ++reads > 1 ? (later === undefined ? undefined : new TextEncoder().encode(later)) : fs.readBytesSync(file)),
      readBytes: async (file) => (file === path ? (reads++, fs.readBytesSync(file)) : fs.readBytesSync(file)),
    };
  };

  it('stops the build at that file, changed or removed, and writes nothing', async () => {
    for (const later of [blogPost({ title: 'First, edited' }), undefined]) {
      const outDir = join(parent, `changed-${later ? 'edited' : 'removed'}`);
      const fs = changingFs(site(), 'content/en/blog/first.md', later);
      const result = await build({ root: ROOT, fs, outDir, cache: false, minify: true, jobs: 1 });
      expect(result.ok).toBe(false);
      // A changed file is parsed as it is now (links to it are not broken); a removed one is gone.
      expect(errorsOf(result).map((d) => `${d.code} ${d.file} ${d.message}`)).toEqual([
        `SOURCE_CHANGED content/en/blog/first.md the file ${later ? 'changed' : 'was removed'} while the build was running: build again`,
        ...(later ? [] : ['BROKEN_LINK content/en/blog/second.md link "/blog/first" points to page /blog/first, which does not exist in en']),
      ]);
      expect(() => readdirSync(outDir)).toThrow();
      expect(readdirSync(parent).filter((name) => name.startsWith('.sitegen-'))).toEqual([]);
    }
  });
});
