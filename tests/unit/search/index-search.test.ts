import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import type { Page } from '../../../src/model/page.js';
import { indexSearch, type CachedBundle } from '../../../src/search/index-search.js';
import { availableIndexers } from '../../../src/search/pagefind-service.js';
import { baseFiles, blogPost, buildFixture, errorsOf, htmlAt, MAIN, markdown, ROOT, RU, simplePage, ZH } from '../../helpers/fixture.js';
import { indexedPages, indexLanguages } from '../../helpers/search-index.js';

/** A page of help: a date, title and description (the helps section of content.md). */
const help = (title: string, body: string) => markdown({ title, description: `${title}, step by step.`, date: '2026-02-10' }, body);

/** The smallest site with pages in four locales on the three hosts, each with a word of its own. */
function site(): Record<string, string | Uint8Array> {
  return {
    ...baseFiles(),
    'content/en/blog/zebra-routine.md': blogPost({ title: 'A zebra routine', description: 'Stripes for every account.' }, 'The quokkaword appears in English only.\n'),
    'content/en/helps/install.md': help('Install the client', 'Download the installer and run it.\n'),
    'content/vn/blog/ngua-van.md': blogPost({ title: 'Ngựa vằn', description: 'Sọc cho mọi tài khoản.' }, 'Từ quokkavi chỉ có ở đây.\n'),
    'content/zh/blog/ban-ma.md': blogPost({ title: '斑马的日常', description: '每个账号都有条纹。' }, '只有这里有袋鼠测试这个词。\n'),
    'content/ru/pages/about-us.md': simplePage('О компании', 'Слово квоккарус есть только здесь.\n'),
  };
}

let result: BuildResult;
beforeAll(async () => {
  result = await buildFixture(site());
  expect(errorsOf(result)).toEqual([]);
});

describe('the search index (src/search)', () => {
  it('holds every indexable page of each host once, in the language of its locale, and nothing else', () => {
    for (const [host, key] of [[MAIN, 'main'], [ZH, 'zh'], [RU, 'ru']] as const) {
      const expected = result.pages.filter((p) => p.host === key && p.indexable).map((p) => p.path).sort();
      const indexed = indexedPages(result.output, host);
      expect(indexed.map((p) => p.url)).toEqual(expected);
      // Never the 404 and 502 pages, the icon sheet or the search page itself.
      expect(indexed.filter((p) => /\/(error|_icons|search)(\/|$)/.test(p.url))).toEqual([]);
    }
    expect(indexLanguages(result.output, MAIN)).toMatchObject({ en: expect.any(Number), vi: expect.any(Number), 'zh-tw': expect.any(Number) });
    expect(Object.keys(indexLanguages(result.output, ZH))).toEqual(['zh-cn']);
    expect(Object.keys(indexLanguages(result.output, RU))).toEqual(['ru']);
    const language = (host: string, url: string) => indexedPages(result.output, host).find((p) => p.url === url)?.language;
    expect(language(MAIN, '/blog/zebra-routine')).toBe('en');
    expect(language(MAIN, '/vn/blog/ngua-van')).toBe('vi');
    expect(language(ZH, '/blog/ban-ma')).toBe('zh-cn');
    expect(language(RU, '/about-us')).toBe('ru');
  });

  it('keeps each page\'s words in its own locale and host', () => {
    // Pagefind keeps the words it segmented apart (Chinese, Japanese, Thai) with zero-width spaces between them.
    const hostsWith = (word: string) => [MAIN, ZH, RU].flatMap((host) => indexedPages(result.output, host).filter((p) => p.content.replaceAll('\u200b', '').includes(word)).map((p) => `${host}${p.url} ${p.language}`));
    expect(hostsWith('quokkaword')).toEqual([`${MAIN}/blog/zebra-routine en`]);
    expect(hostsWith('quokkavi')).toEqual([`${MAIN}/vn/blog/ngua-van vi`]);
    expect(hostsWith('袋鼠测试')).toEqual([`${ZH}/blog/ban-ma zh-cn`]);
    expect(hostsWith('квоккарус')).toEqual([`${RU}/about-us ru`]);
  });

  it('indexes a page\'s main content: its title and text, not the header, footer, breadcrumbs, cards or byline', () => {
    const pages = indexedPages(result.output, MAIN);
    const article = pages.find((p) => p.url === '/blog/zebra-routine')!;
    expect(article.title).toBe('A zebra routine');
    expect(article.content).toContain('Stripes for every account.');
    const html = htmlAt(result, `${MAIN}/blog/zebra-routine.html`);
    // Words the page shows outside its main content, or in the parts of it the index leaves out.
    for (const shown of ['Sign up free', 'All rights reserved.', 'Skip to content', 'Back to the list', 'Published']) {
      expect(html, shown).toContain(shown);
      expect(article.content, shown).not.toContain(shown);
    }
    // The blog list shows the article's card; only the article itself is found by the article's words.
    expect(htmlAt(result, `${MAIN}/blog.html`)).toContain('Stripes for every account.');
    expect(pages.filter((p) => p.content.includes('Stripes for every account.')).map((p) => p.url)).toEqual(['/blog/zebra-routine']);
  });

  it('gives each locale a search page that is noindex, in no sitemap, and where the header\'s form leads', () => {
    const searchPages = result.pages.filter((p) => p.key === 'search');
    expect(searchPages).toHaveLength(14);
    expect(searchPages.every((p) => !p.indexable)).toBe(true);
    const page = htmlAt(result, `${MAIN}/vn/search.html`);
    expect(page).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page).toContain('<html lang="vi"');
    const sitemaps = [...result.output.keys()].filter((p) => p.endsWith('.xml')).map((p) => htmlAt(result, p)).join('\n');
    expect(sitemaps).not.toMatch(/\/search</);
    const home = htmlAt(result, `${MAIN}/vn.html`);
    expect(home).toMatch(/<form class="site-search-form" role="search" action="\/vn\/search" method="get">/);
    expect(htmlAt(result, `${ZH}/index.html`)).toMatch(/action="\/search"/);
  });
});

describe('the search stage\'s cache', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sitegen-search-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A build to disk with its cache, as `sitegen build` makes one: unchanged pages come from the page cache as files. */
  const toDisk = (files: Record<string, string | Uint8Array>) => build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'dist'), cacheDir: join(dir, 'cache'), minify: true, jobs: 1 });
  const searchFiles = () => {
    const folder = join(dir, 'dist');
    const files = new Map<string, Uint8Array>();
    for (const e of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      const path = relative(folder, join(e.parentPath, e.name));
      if (e.isFile() && /\/pagefind\//.test(path)) files.set(path, new Uint8Array(readFileSync(join(folder, path))));
    }
    return files;
  };

  const sameFiles = (a: Map<string, Uint8Array>, b: Map<string, Uint8Array>) => a.size === b.size && [...a].every(([path, bytes]) => b.has(path) && Buffer.from(bytes).equals(b.get(path)!));

  it('indexes everything once, nothing when nothing changed, and the edited locale alone after an edit, covering every page each time', async () => {
    const files = site();
    const first = await toDisk(files);
    expect(errorsOf(first)).toEqual([]);
    const indexable = first.pages.filter((p) => p.indexable).length;
    expect(first.search).toMatchObject({ pages: indexable, indexed: indexable });
    const built = searchFiles();

    // Nothing changed: the CLI's build links the whole output from the cache, the index with it.
    const again = await toDisk(files);
    expect(again.restored).toBeDefined();
    expect(sameFiles(searchFiles(), built)).toBe(true);
    // A build that renders the same pages again (one that may not write the cache) takes every part from it.
    const rendered = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheDir: join(dir, 'cache'), minify: true, jobs: 1 });
    expect(rendered.search).toMatchObject({ pages: indexable, indexed: 0 });
    for (const [path, bytes] of built) expect(Buffer.from(rendered.output.get(path) ?? []).equals(bytes), path).toBe(true);

    files['content/vn/blog/ngua-van.md'] = blogPost({ title: 'Ngựa vằn', description: 'Sọc cho mọi tài khoản.' }, 'Từ quokkavi chỉ có ở đây, và giờ có thêm từ mới quokkamoi.\n');
    const edited = await toDisk(files);
    const vietnamese = edited.pages.filter((p) => p.indexable && p.locale === 'vn').length;
    expect(edited.search).toMatchObject({ pages: indexable, indexed: vietnamese });
    const now = searchFiles();
    const main = indexedPages(now, MAIN);
    // Every indexable page is still there, those reused from the page cache among them.
    expect(main.map((p) => p.url)).toEqual(edited.pages.filter((p) => p.host === 'main' && p.indexable).map((p) => p.path).sort());
    expect(main.filter((p) => p.content.includes('quokkamoi')).map((p) => p.url)).toEqual(['/vn/blog/ngua-van']);
    // The other locales' parts are the cached ones, byte for byte.
    const unchanged = [...built.keys()].filter((path) => /\/(fragment|index)\/(en|zh-tw|ru|zh-cn)_/.test(path));
    expect(unchanged.length).toBeGreaterThan(0);
    for (const path of unchanged) expect(Buffer.from(now.get(path)!).equals(built.get(path)!), path).toBe(true);
  });
});

describe('the search stage\'s keys', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sitegen-search-keys-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('indexes nothing again when pages change outside their main content (the structured data in their head)', async () => {
    const files = site();
    const toDisk = () => build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'dist'), cacheDir: join(dir, 'cache'), minify: true, jobs: 1 });
    expect(errorsOf(await toDisk())).toEqual([]);
    const yaml = files['content/site.yaml'] as string;
    files['content/site.yaml'] = /applicationCategory: \w+/.test(yaml) ? yaml.replace(/applicationCategory: \w+/, 'applicationCategory: BusinessApplication') : `${yaml}\nstructuredData:\n  applicationCategory: BusinessApplication\n`;
    const changed = await toDisk();
    expect(errorsOf(changed)).toEqual([]);
    // The configuration is an input of every page: all render again, and the download page's JSON-LD changed.
    expect(changed.rendered).toEqual({ pages: changed.rendered!.pages, reused: 0 });
    expect(readFileSync(join(dir, 'dist', MAIN, 'download.html'), 'utf8')).toContain('"applicationCategory":"BusinessApplication"');
    // What Pagefind is given of each page did not change: every locale's part comes from the cache.
    expect(changed.search).toMatchObject({ indexed: 0 });
  });
});

describe('indexSearch', () => {
  const page = (locale: string, path: string) => ({ key: path, path, url: `https://www.polybrowser.example${path}`, locale, host: 'main', indexable: true, outputPath: `x${path}.html` }) as Page;
  const noCache = { get: async () => undefined, set: async () => undefined };

  it('makes the same files whichever locale\'s index is done first, with locales indexed side by side', async () => {
    const languages = { en: 'en', fr: 'fr', es: 'es' } as const;
    const pages = Object.keys(languages).flatMap((locale) => [1, 2, 3].map((n) => page(locale, `/${locale}/page-${n}`)));
    const html = (p: Page) => `<html lang="${languages[p.locale as keyof typeof languages]}"><body><main data-pagefind-body><h1>${p.path}</h1><p>Words of ${p.locale} number ${p.path.slice(-1)}.</p></main></body></html>`;
    const indexers = await availableIndexers();
    // Two processes where there are two cores (pagefind-service.ts): this test runs both.
    expect(indexers).toBe(Math.min(2, availableParallelism()));
    // Each run holds back one locale's pages until the others' pages are read.
    const run = async (late: string) => {
      let release!: () => void;
      const others = new Promise<void>((resolve) => (release = resolve));
      const waiting = pages.filter((p) => p.locale !== late).length;
      let read = 0;
      const output = await indexSearch({ pages, hostDir: () => 'host', keyOf: (p) => p.path, htmlOf: async (p) => {
        if (p.locale === late && indexers > 1) await others; // one indexer takes the locales in turn: nothing to hold back
        else if (++read === waiting) setImmediate(release);
        return html(p);
      } }, noCache);
      expect(output.diagnostics).toEqual([]);
      return new Map(output.files.map((f) => [f.path, f.contents as Uint8Array]));
    };
    const [enLast, esLast] = [await run('en'), await run('es')];
    expect(indexLanguages(enLast, 'host')).toEqual({ en: 3, es: 3, fr: 3 });
    const base64 = (files: Map<string, Uint8Array>) => [...files].map(([path, bytes]) => `${path} ${Buffer.from(bytes).toString('base64')}`).sort();
    expect(base64(esLast)).toEqual(base64(enLast));
  });

  it('indexes a locale with more pages than search.pagesPerIndex in even shards, each page once, which the shard list names by the pages\' <html lang>, and re-indexes only an edited page\'s shard', async () => {
    const en = [1, 2, 3, 4, 5].map((n) => page('en', `/en/page-${n}`));
    const zh = [1, 2].map((n) => ({ ...page('zh', `/zh/page-${n}`), host: 'zh' }) as Page);
    const lang = { en: 'en', zh: 'zh-CN' } as Record<string, string>;
    const html = (p: Page) => `<html lang="${lang[p.locale]}"><body><main data-pagefind-body><h1>${p.path}</h1><p>Words of ${p.path}.</p></main></body></html>`;
    const cache = new Map<string, CachedBundle>();
    const cached = { get: async (key: string) => cache.get(key), set: async (key: string, value: CachedBundle) => void cache.set(key, value) };
    const run = async (keyOf: (p: Page) => string) => {
      const output = await indexSearch({ pages: [...en, ...zh], hostDir: (host) => host, keyOf, htmlOf: async (p) => html(p), pagesPerIndex: 2 }, cached);
      expect(output.diagnostics).toEqual([]);
      return { output, files: new Map(output.files.map((f) => [f.path, f.contents as Uint8Array])) };
    };
    const { output, files } = await run((p) => p.path);
    // Five pages in three shards of one or two (the first in the host's bundle), two in one index.
    expect(indexLanguages(files, 'main')).toEqual({ en: 1 });
    expect(indexLanguages(files, 'main', 'en-1/')).toEqual({ en: 2 });
    expect(indexLanguages(files, 'main', 'en-2/')).toEqual({ en: 2 });
    expect(indexLanguages(files, 'zh')).toEqual({ 'zh-cn': 2 });
    expect(indexedPages(files, 'main').map((p) => p.url)).toEqual(en.map((p) => p.path));
    expect(indexedPages(files, 'zh').map((p) => p.url)).toEqual(zh.map((p) => p.path));
    const shardList = (host: string) => JSON.parse(new TextDecoder().decode(files.get(`${host}/pagefind/sitegen-shards.json`)));
    expect(shardList('main')).toEqual({ en: ['en-1/', 'en-2/'] });
    expect(shardList('zh')).toEqual({});
    // A shard has its index and entry file, not Pagefind's code or WebAssembly: the page's index runs it.
    expect([...files.keys()].filter((path) => path.startsWith('main/pagefind/en-1/') && !/\/(index|fragment)\//.test(path)).map((path) => path.replace(/_[0-9a-f]+\./, '_<hash>.'))).toEqual(['main/pagefind/en-1/pagefind.en_<hash>.pf_meta', 'main/pagefind/en-1/pagefind-entry.json']);
    expect(files.has('main/pagefind/pagefind.js')).toBe(true);
    expect(output.stats.hosts.main!.locales.en).toMatchObject({ pages: 5, indexes: 3 });
    expect(output.stats.indexed).toBe(7);
    // The fourth page edited: its shard (en-2/: pages 4 and 5) alone is indexed again.
    const again = await run((p) => (p.path === '/en/page-4' ? 'edited' : p.path));
    expect(again.output.stats.indexed).toBe(2);
    for (const [path, bytes] of again.files) {
      if (!path.includes('/en-2/')) expect(Buffer.from(bytes).equals(files.get(path)!), path).toBe(true);
    }
  });

  it('leaves nothing in the temporary folder, where Pagefind writes each locale\'s index for the build to read back', async () => {
    const temporary = mkdtempSync(join(tmpdir(), 'sitegen-search-tmp-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      const html = (p: Page) => `<html lang="${p.locale}"><body><main data-pagefind-body><h1>${p.path}</h1><p>Words.</p></main></body></html>`;
      const output = await indexSearch({ pages: [page('en', '/en/a'), page('fr', '/fr/a')], hostDir: () => 'host', keyOf: (p) => p.path, htmlOf: async (p) => html(p) }, noCache);
      expect(output.diagnostics).toEqual([]);
      expect(indexLanguages(new Map(output.files.map((f) => [f.path, f.contents as Uint8Array])), 'host')).toEqual({ en: 1, fr: 1 });
      expect(readdirSync(temporary)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(temporary, { recursive: true, force: true });
    }
  });

  it('reports a locale whose index lacks pages, as when a template has no <main data-pagefind-body>, and caches nothing of it', async () => {
    const html: Record<string, string> = {
      '/kept': '<html lang="en"><body><main data-pagefind-body><h1>Kept</h1><p>Words.</p></main></body></html>',
      '/lost': '<html lang="en"><body><main><h1>Lost</h1><p>Words outside.</p></main></body></html>',
    };
    const kept: string[] = [];
    const cache = { get: async () => undefined, set: async (key: string, _value: CachedBundle) => void kept.push(key) };
    const output = await indexSearch({ pages: [page('en', '/kept'), page('en', '/lost')], hostDir: () => 'host', keyOf: (p) => p.path, htmlOf: async (p) => html[p.path]! }, cache);
    expect(output.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['SEARCH_INDEX_FAILED', 'error', 'the search index of en holds 1 of its 2 indexable pages: a page\'s template must put its content in the layout\'s <main data-pagefind-body>'],
    ]);
    // Only Pagefind's runtime was kept: the part with a problem is made again by the next build.
    expect(kept).toEqual(['runtime']);
  });

  it('hands each locale\'s files to the build once that locale is indexed or taken from the cache, and outputs what the build gave back for them', async () => {
    const languages = { en: 'en', fr: 'fr', es: 'es' } as const;
    const pages = Object.keys(languages).flatMap((locale) => [1, 2].map((n) => page(locale, `/${locale}/page-${n}`)));
    const html = (p: Page) => `<html lang="${languages[p.locale as keyof typeof languages]}"><body><main data-pagefind-body><h1>${p.path}</h1><p>Words of ${p.locale}.</p></main></body></html>`;
    const cache = new Map<string, CachedBundle>();
    const cached = { get: async (key: string) => cache.get(key), set: async (key: string, value: CachedBundle) => void cache.set(key, value) };
    const run = async (withKeep: boolean) => {
      const handed = new Map<string, { onDisk: string; size: number; bytes: Uint8Array }>();
      const keptWhenRead: number[] = [];
      const output = await indexSearch({
        pages, hostDir: () => 'host', keyOf: (p) => p.path,
        htmlOf: async (p) => (keptWhenRead.push(handed.size), html(p)),
        ...(withKeep ? { keep: async (path: string, bytes: Uint8Array) => {
          const file = { onDisk: `/staging/${path}`, size: bytes.byteLength, bytes };
          handed.set(path, file);
          return { onDisk: file.onDisk, size: file.size };
        } } : {}),
      }, cached);
      expect(output.diagnostics).toEqual([]);
      return { output, handed, keptWhenRead };
    };
    const inMemory = await run(false);
    const bytesOf = new Map(inMemory.output.files.map((f) => [f.path, f.contents as Uint8Array]));
    cache.clear();
    const { output, handed, keptWhenRead } = await run(true);
    // Every locale's files went to the build with the bytes a stage without `keep` outputs; the
    // output names the files it gave back. The entry, the shard list and Pagefind's runtime stay in memory.
    expect([...handed.keys()].filter((path) => /\/(fragment|index)\//.test(path)).length).toBeGreaterThan(0);
    for (const [path, file] of handed) expect(Buffer.from(file.bytes).equals(bytesOf.get(path)!), path).toBe(true);
    for (const file of output.files) {
      if (handed.has(file.path)) expect(file.contents).toEqual({ onDisk: `/staging/${file.path}`, size: handed.get(file.path)!.size });
      else expect(file.path).toMatch(/\/(pagefind-entry\.json|sitegen-shards\.json|pagefind\.js|pagefind-worker\.js|wasm\.unknown\.pagefind)$/);
    }
    // The last locale's pages were read after a part was handed on: the parts are not all held to the end.
    expect(keptWhenRead.at(-1)).toBeGreaterThan(0);
    // From the cache: each part is handed on as well, and Pagefind does not run.
    const again = await run(true);
    expect(again.keptWhenRead).toEqual([]);
    expect([...again.handed.keys()].sort()).toEqual([...handed.keys()].sort());
    expect(again.output.stats.hosts).toEqual(output.stats.hosts);
  });
});
