import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, createSession } from '../../../src/build.js';
import { memorySourceFs, type SourceFs } from '../../../src/fs/source-fs.js';
import { buildStampPath, type BuildStamp } from '../../../src/incremental/build-stamp.js';
import { makeArticle } from '../../bench/corpus.mjs';
import { articleOf, blogPost, MAIN, outputDifferences, ROOT, siteWithArticles } from '../../helpers/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-restored-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Files = Record<string, string | Uint8Array>;
const site = (): Files => siteWithArticles(8);
const article = articleOf;

/** A CI run: a fresh checkout's output folder, and a cache folder restored by copying (as actions/cache extracts a tarball). */
function ciRun(files: Files, savedCache: string, name: string, restored: () => void = () => undefined, fs: SourceFs = memorySourceFs(files)) {
  const cacheDir = join(dir, `${name}-cache`);
  cpSync(savedCache, cacheDir, { recursive: true });
  restored();
  return build({ root: ROOT, fs, outDir: join(dir, `${name}-dist`), cacheDir, minify: true, jobs: 1 });
}

/**
 * The content as `files`, with the Markdown files that parse reads again (after the load stage's
 * read, which hashes every file) listed in `readAgain`.
 */
function watchedFs(files: Files, readAgain: string[]): SourceFs {
  const fs = memorySourceFs(files);
  return { ...fs, readBytes: async (path) => fs.readBytesSync(path), readBytesSync: (path) => (path.endsWith('.md') && readAgain.push(path), fs.readBytesSync(path)) };
}
/**
 * Paths whose record in the output's build stamp is not what `stat` says of them now (the stamp
 * takes one `stat` for all the paths of one file): none, or the next build would not trust them.
 */
function stampedWrong(name: string): string[] {
  const outDir = join(dir, `${name}-dist`);
  const stamp = JSON.parse(readFileSync(buildStampPath(join(dir, `${name}-cache`), outDir), 'utf8')) as BuildStamp;
  expect(stamp.files.length).toBeGreaterThan(0);
  return stamp.files.filter(([path, size, mtimeMs, ino]) => {
    const now = statSync(join(outDir, path));
    return now.size !== size || now.mtimeMs !== mtimeMs || now.ino !== ino;
  }).map(([path]) => path);
}
/** The kept files of a CI run's restored cache, by inode: a file of the output linked from there has one of them. */
const restoredInodes = (name: string) => new Set(readdirSync(join(dir, `${name}-cache`, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => statSync(join(e.parentPath, e.name)).ino));
const scratch = (files: Files) => build({ root: ROOT, fs: memorySourceFs(files), write: false, cache: false, minify: true, jobs: 1 });

describe('a build with only its cache restored (CI on a fresh clone)', () => {
  const files = site();
  const saved = join(dir, 'saved-cache');
  let total = 0;

  it('takes every unchanged page from the cache, with no previous output, and gives a cold build\'s output', async () => {
    const first = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'first-dist'), cacheDir: saved, minify: true, jobs: 1 });
    expect(first.ok).toBe(true);
    total = first.rendered!.pages;
    const again = await ciRun(files, saved, 'same');
    expect(again.rendered).toEqual({ pages: total, reused: total });
    expect(outputDifferences(again, await scratch(files))).toEqual([]);
  });

  it('links the whole output from the cache when nothing changed: nothing parsed or rendered, every file a link', async () => {
    const again = await ciRun(files, saved, 'whole');
    expect(again.restored?.pages.total).toBe(total);
    expect(again.timings.parse).toBeUndefined();
    expect(again.timings.render).toBeUndefined();
    expect(outputDifferences(again, await scratch(files))).toEqual([]);
    const outDir = join(dir, 'whole-dist');
    for (const path of [`${MAIN}/blog.html`, `${MAIN}/sitemap.xml`, 'edge-config.json']) expect(statSync(join(outDir, path)).nlink).toBeGreaterThan(1);
    expect(stampedWrong('whole')).toEqual([]);
  });

  it('builds as usual when the cache lacks a file of that output, or the build is told to stop early', async () => {
    const cacheDir = join(dir, 'lacking-cache');
    cpSync(saved, cacheDir, { recursive: true });
    const shard = readdirSync(join(cacheDir, 'files'))[0]!;
    rmSync(join(cacheDir, 'files', shard), { recursive: true });
    const built = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'lacking-dist'), cacheDir, minify: true, jobs: 1 });
    expect(built.restored).toBeUndefined();
    expect(built.rendered).toEqual({ pages: total, reused: total });
    expect(outputDifferences(built, await scratch(files))).toEqual([]);
    // The build put the cache right: the next one links everything again.
    const next = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'lacking-dist-2'), cacheDir, minify: true, jobs: 1 });
    expect(next.restored?.pages.total).toBe(total);
    const stopped = await build({ root: ROOT, fs: memorySourceFs(files), outDir: join(dir, 'stopped-dist'), cacheDir, minify: true, jobs: 1, stopAfter: 'route' });
    expect(stopped.restored).toBeUndefined();
    expect(stopped.stoppedAfter).toBe('route');
  });

  it('renders only the page of an edited article body, and links the files it makes again unchanged from the cache', async () => {
    const edited = { ...files, [article(files, 2)]: `${files[article(files, 2)] as string}\nOne more closing line.\n` };
    let kept = new Set<number>();
    const result = await ciRun(edited, saved, 'body', () => (kept = restoredInodes('body')));
    expect(result.rendered).toEqual({ pages: total, reused: total - 1, groups: ['sitemaps'] });
    expect(outputDifferences(result, await scratch(edited))).toEqual([]);
    // Taken from the cache (the sitemap: no page's record changed) or made again with the same bytes
    // (the covers drawn from titles, the search index of the locales without the edit, the reports)
    // and linked, not written: none is a new file.
    const outDir = join(dir, 'body-dist');
    const french = readdirSync(join(outDir, MAIN, 'pagefind/fragment')).find((name) => name.startsWith('fr_'))!;
    const cover = readdirSync(join(outDir, MAIN, 'assets/covers'))[0]!;
    const made = [`${MAIN}/sitemap.xml`, 'reports/translations.json', `${MAIN}/assets/covers/${cover}`, `${MAIN}/pagefind/pagefind.js`, `${MAIN}/pagefind/fragment/${french}`];
    for (const path of made) expect({ path, linked: kept.has(statSync(join(outDir, path)).ino) }).toEqual({ path, linked: true });
    expect(stampedWrong('body')).toEqual([]);
    // The copy that restored the cache kept no hard links: its social images are one file in the
    // social cache and another among the kept files. The build leaves each kept file one with an
    // output file, so the cache it saves costs no more than before.
    const keptDir = join(dir, 'body-cache', 'files');
    const keptFiles = readdirSync(keptDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const social = new Set(readdirSync(join(outDir, MAIN), { recursive: true }).map(String).filter((p) => p.endsWith('.png')).map((p) => statSync(join(outDir, MAIN, p)).ino));
    expect(keptFiles.filter((file) => social.has(statSync(file).ino)).length).toBeGreaterThan(0);
    expect(keptFiles.filter((file) => statSync(file).nlink < 2)).toEqual([]);
  });

  it('reads again only the Markdown file that changed: the others are known to both caches by their digest', async () => {
    const edited = { ...files, [article(files, 5)]: `${files[article(files, 5)] as string}\nAnother closing line.\n` };
    const readAgain: string[] = [];
    const result = await ciRun(edited, saved, 'read-again', undefined, watchedFs(edited, readAgain));
    expect(readAgain).toEqual([article(files, 5)]);
    // Every body asked for, the edited one alone rendered.
    expect(result.markdown).toEqual({ bodies: Object.keys(edited).filter((path) => /^content\/\w+\/\w+\/[^/]+\.md$/.test(path)).length, rendered: 1 });
    expect(outputDifferences(result, await scratch(edited))).toEqual([]);
  });

  it('renders the lists that show a changed title, and a new article with its lists', async () => {
    const retitled = { ...files, [article(files, 3)]: (files[article(files, 3)] as string).replace(/^title: .*$/m, 'title: A title nobody has seen') };
    let kept = new Set<number>();
    const byTitle = await ciRun(retitled, saved, 'title', () => (kept = restoredInodes('title')));
    expect(byTitle.rendered!.reused).toBeLessThan(total - 1);
    // A title is in no sitemap: they are made again (a page's record changed) with the same bytes, and linked from the cache by their digest.
    expect(byTitle.rendered!.groups).toBeUndefined();
    expect(kept.has(statSync(join(dir, 'title-dist', MAIN, 'sitemap.xml')).ino)).toBe(true);
    expect(byTitle.rendered!.reused).toBeGreaterThan(0);
    expect(outputDifferences(byTitle, await scratch(retitled))).toEqual([]);
    // Dated like an existing article: a newer year would change every page's copyright line.
    const added = { ...files, 'content/en/blog/brand-new.md': blogPost({ title: 'Brand new', date: makeArticle('en', 1, 8).date }, 'A new article.\n') };
    const byNew = await ciRun(added, saved, 'new');
    expect(byNew.rendered!.pages).toBe(total + 1);
    expect(byNew.rendered!.reused).toBeGreaterThan(0);
    expect(outputDifferences(byNew, await scratch(added))).toEqual([]);
  });

  it('names the line and column of a field in a file whose front matter came from the cache', async () => {
    // The articles are unchanged (their front matter is taken from the cache); a category they use
    // is removed from the data table, so their `category:` line is now an error.
    const table = files['content/data/categories.yaml'] as string;
    const without = { ...files, 'content/data/categories.yaml': table.replace('categories: [tutorials, industry]', 'categories: [industry]') };
    const errors = async (result: Promise<Awaited<ReturnType<typeof build>>>) => (await result).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.position?.line}:${d.position?.column} ${d.message}`).sort();
    const fromCache = await errors(ciRun(without, saved, 'category'));
    const cold = await errors(scratch(without));
    expect(fromCache.length).toBeGreaterThan(0);
    expect(fromCache.some((e) => /:\d+:\d+ /.test(e) && e.includes('tutorials'))).toBe(true);
    expect(fromCache).toEqual(cold);
  });

  it('keeps no page file that no page uses, and repairs an entry whose output file was changed in place', async () => {
    const cacheDir = join(dir, 'tamper-cache');
    const outDir = join(dir, 'tamper-dist');
    const run = (f: Files) => build({ root: ROOT, fs: memorySourceFs(f), outDir, cacheDir, minify: true, jobs: 1 });
    const more = { ...files, 'content/en/blog/extra.md': blogPost({ title: 'Extra', date: makeArticle('en', 1, 8).date }, 'An extra article.\n') };
    const withExtra = await run(more);
    expect(withExtra.ok).toBe(true);
    expect((await run(files)).ok).toBe(true);
    const keys = () => readdirSync(join(cacheDir, 'pages'), { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
    expect(keys()).toBe(total);
    // The output's page is a hard link to its cache file: writing it in place changes both.
    const page = join(outDir, MAIN, 'blog.html');
    expect(statSync(page).nlink).toBeGreaterThan(1);
    writeFileSync(page, '<p>changed by hand</p>');
    // So is a file that is not a page (the cache keeps it by its digest, which no longer names its bytes).
    const sitemap = join(outDir, MAIN, 'sitemap.xml');
    expect(statSync(sitemap).nlink).toBeGreaterThan(1);
    writeFileSync(sitemap, 'changed by hand');
    const repaired = await run(files);
    expect(repaired.rendered!.reused).toBe(total - 1);
    expect(outputDifferences(repaired, await scratch(files))).toEqual([]);
    // And the cache it leaves gives a fresh output the right page.
    const fresh = await ciRun(files, cacheDir, 'after-tamper');
    expect(outputDifferences(fresh, await scratch(files))).toEqual([]);
    // Files removed from the output change nothing in the cache: the next build takes the whole output from it.
    for (const name of readdirSync(outDir)) rmSync(join(outDir, name), { recursive: true });
    const emptied = await run(files);
    expect(emptied.restored?.pages.total).toBe(total);
    expect(outputDifferences(emptied, await scratch(files))).toEqual([]);
    // The build without the extra article left no file for its page (the count above is after it).
    expect(withExtra.rendered!.pages).toBe(total + 1);
  });

  it('finds a page changed in place through whichever of its links is left, and trusts the cache when a file was only replaced', async () => {
    const cacheDir = join(dir, 'links-cache');
    const outDir = join(dir, 'links-dist');
    const run = (f: Files) => build({ root: ROOT, fs: memorySourceFs(f), outDir, cacheDir, minify: true, jobs: 1 });
    expect((await run(files)).ok).toBe(true);
    // The page and its Vercel copy are one file: written in place through the copy, which is then removed.
    const page = join(outDir, MAIN, 'blog.html');
    const copy = join(outDir, '.vercel/output/static', MAIN, 'blog.html');
    expect(statSync(copy).ino).toBe(statSync(page).ino);
    writeFileSync(copy, '<p>changed by hand</p>');
    rmSync(copy);
    // Another page replaced by a new file (a rename over it): its cache file is untouched.
    const replaced = join(outDir, MAIN, 'faq.html');
    writeFileSync(`${replaced}.new`, '<p>put in its place</p>');
    renameSync(`${replaced}.new`, replaced);
    // With the inputs unchanged the build would link the whole output from the cache, and with
    // the body of an article edited it reuses every other page: the changed page is rendered again.
    const edited = { ...files, [article(files, 1)]: `${files[article(files, 1)] as string}\nA closing line.\n` };
    const repaired = await run(edited);
    expect(repaired.restored).toBeUndefined();
    expect(repaired.rendered).toEqual({ pages: total, reused: total - 2 });
    expect(outputDifferences(repaired, await scratch(edited))).toEqual([]);
    // The replaced page only: the cache is whole, and the whole output comes from it.
    writeFileSync(`${replaced}.new`, '<p>put in its place</p>');
    renameSync(`${replaced}.new`, replaced);
    const restored = await run(edited);
    expect(restored.restored?.pages.total).toBe(total);
    expect(outputDifferences(restored, await scratch(edited))).toEqual([]);
  });
});

describe('a Markdown file a build with its cache restored does not read again', () => {
  it('is still reported when its body is over the size limit, and one that is not UTF-8 is read and reported every time', async () => {
    const files = site();
    files['content/site.yaml'] = `${(files['content/site.yaml'] as string).trimEnd()}\nmarkdown:\n  maxBodyBytes: 300\n`;
    const latin1 = Buffer.from('---\ntitle: Latin\ndescription: One\n---\n\nGrüße aus K\xf6ln.\n', 'latin1');
    files['content/en/helps/latin1.md'] = new Uint8Array(latin1);
    const cacheDir = join(dir, 'reported-saved');
    const findings = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.filter((d) => d.code === 'BODY_TOO_LARGE' || d.code === 'INVALID_UTF8').map((d) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column} ${d.message}`).sort();
    const first = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheWrites: true, cacheDir, minify: true, jobs: 1 });
    expect(findings(first).filter((f) => f.startsWith('BODY_TOO_LARGE')).length).toBeGreaterThan(1);
    expect(findings(first).filter((f) => f.startsWith('INVALID_UTF8'))).toEqual(['INVALID_UTF8 content/en/helps/latin1.md:6:3 the file is not valid UTF-8: byte 0xFC here is no part of a UTF-8 character (3 places in the file)']);
    const readAgain: string[] = [];
    const again = await ciRun(files, cacheDir, 'reported', undefined, watchedFs(files, readAgain));
    expect(readAgain).toEqual(['content/en/helps/latin1.md']);
    expect(findings(again)).toEqual(findings(first));
  });

  it('is reported when not UTF-8 by a build after a dev session, which learns nothing of such a file either', async () => {
    const files = site();
    files['content/en/helps/latin1.md'] = new Uint8Array(Buffer.from('---\ntitle: Latin\ndescription: One\n---\n\nGrüße aus K\xf6ln.\n', 'latin1'));
    const cacheDir = join(dir, 'after-dev-saved');
    const utf8 = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.filter((d) => d.code === 'INVALID_UTF8').map((d) => `${d.file}:${d.position?.line}`);
    const session = createSession({ jobs: 1 });
    try {
      // As sitegen dev builds: the texts kept, the caches written.
      const dev = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheWrites: true, cacheDir, minify: true, jobs: 1, session });
      expect(utf8(dev)).toEqual(['content/en/helps/latin1.md:6']);
    } finally {
      await session.close();
    }
    const readAgain: string[] = [];
    const again = await ciRun(files, cacheDir, 'after-dev', undefined, watchedFs(files, readAgain));
    expect(utf8(again)).toEqual(['content/en/helps/latin1.md:6']);
    expect(readAgain).toContain('content/en/helps/latin1.md');
  });

  it('is known to the caches by what it was when read, so a file that changed during a build and changed back is built as it is', async () => {
    const files = site();
    const path = article(files, 4);
    const during = `${(files[path] as string).replace(/^title: .*$/m, 'title: Changed during the build')}\nA sentence only the changed file has.\n`;
    const cacheDir = join(dir, 'changed-back-saved');
    // The load stage reads the file as it is in `files`, parse as it is while it changes.
    const fs = memorySourceFs(files);
    const changing: SourceFs = { ...fs, readBytes: async (p) => fs.readBytesSync(p), readBytesSync: (p) => (p === path ? new TextEncoder().encode(during) : fs.readBytesSync(p)) };
    const first = await build({ root: ROOT, fs: changing, write: false, cacheWrites: true, cacheDir, minify: true, jobs: 1 });
    expect(first.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}`)).toEqual([`SOURCE_CHANGED ${path}`]);
    const again = await ciRun(files, cacheDir, 'changed-back');
    expect(outputDifferences(again, await scratch(files))).toEqual([]);
  });

  it('is read again when what the front-matter cache learnt of it is damaged', async () => {
    const files = site();
    const cacheDir = join(dir, 'learnt-saved');
    const first = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cacheWrites: true, cacheDir, minify: true, jobs: 1 });
    const path = join(cacheDir, 'front-matter.json');
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { entries: Record<string, unknown[]> };
    const learnt = Object.values(stored.entries).filter((kept) => kept.length === 4);
    // Every Markdown file of the site is learnt (the fixture's are all UTF-8 with clean front matter).
    expect(learnt.length).toBe(first.markdown!.bodies);
    for (const kept of learnt.slice(0, 3)) (kept[3] as { bodyBytes: unknown }).bodyBytes = 'many';
    writeFileSync(path, JSON.stringify(stored));
    const readAgain: string[] = [];
    const again = await ciRun(files, cacheDir, 'learnt', undefined, watchedFs(files, readAgain));
    expect(readAgain.length).toBe(3);
    expect(outputDifferences(again, await scratch(files))).toEqual([]);
  });
});
