import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, createSession, type BuildOptions, type BuildResult, type BuildSession } from '../../../src/build.js';
import { rebuild } from '../../../src/serve/dev-rebuild.js';
import { rebuildBodies } from '../../../src/incremental/body-edits.js';
import type { MarkdownBodies } from '../../../src/incremental/markdown-cache.js';
import { memorySourceFs, type SourceFs } from '../../../src/fs/source-fs.js';
import { renderInThisThread, type MarkdownRenderer } from '../../../src/parse/markdown-jobs.js';
import { warmUpMarkdown } from '../../../src/incremental/warm-up.js';
import { CATCH_UP_QUIET_MS } from '../../../src/incremental/catch-up.js';
import { baseFiles, blogPost, errorsOf, htmlAt, MAIN, outputDifferences, publicFiles, ROOT, simplePage } from '../../helpers/fixture.js';
import { indexedPages } from '../../helpers/search-index.js';
import { SOURCE_MAP_PATH } from '../../../src/model/page-sources.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sitegen-body-edits-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Files = Record<string, string | Uint8Array>;

/** Eight English posts (so lists have cards), a French one, an about page. */
function site(): Files {
  const files: Files = { ...baseFiles(), ...publicFiles() };
  for (let i = 1; i <= 8; i++) {
    files[`content/en/blog/post-${i}.md`] = blogPost({ title: `Post ${i}`, date: `2026-03-0${i}`, tags: ['proxy', 'security'] }, `First paragraph of post ${i}.\n\n## Details\n\nMore about [pricing](/pricing) in post ${i}.\n`);
  }
  files['content/fr/blog/post-1.md'] = blogPost({ title: 'Article 1', date: '2026-03-01' }, 'Premier paragraphe.\n');
  files['content/en/pages/about-us.md'] = simplePage('About', 'We make browsers.\n\nSecond paragraph.\n');
  return files;
}

/**
 * A dev session's first build of `files`, then `rebuild` after each edit, against full builds of the
 * same files. Its catch-ups start as soon as they may (`quietMs`, 0 here unless a test is about the wait).
 */
async function session(files: Files, quietMs = 0, cacheDir = mkdtempSync(join(dir, 'cache-'))) {
  const live: BuildSession = createSession({ jobs: 1, catchUpQuietMs: quietMs });
  // Cache writes as the dev server makes them (dev-server.ts).
  const options = (fs: Files): BuildOptions & { session: BuildSession } => ({ root: ROOT, fs: memorySourceFs({ ...fs }), write: false, cacheWrites: true, minify: true, cacheDir, session: live });
  const first = await build(options(files));
  expect(errorsOf(first)).toEqual([]);
  return {
    first,
    live,
    edit: async (changes: Files, removed: string[] = []) => {
      Object.assign(files, changes);
      for (const path of removed) delete files[path];
      const result = await rebuild(options(files), [...Object.keys(changes), ...removed]);
      // The source map and search index follow a body edit in the background (src/incremental/catch-up.ts).
      await live.search;
      return result;
    },
    /**
     * A save the dev server's rebuild catches half done: `path` reads as `during` (undefined: gone,
     * renamed away) its first `reads` times, then as `text`. Returns the result and the reads made.
     */
    editCaughtMidSave: async (path: string, text: string, during: string | undefined, reads: number) => {
      files[path] = text;
      const fs = memorySourceFs({ ...files });
      let made = 0;
      const halfSaved: SourceFs = { ...fs, readBytes: async (p) => (p === path && made++ < reads ? during === undefined ? undefined : new TextEncoder().encode(during) : fs.readBytes(p)) };
      const result = await rebuild({ ...options(files), fs: halfSaved }, [path]);
      await live.search;
      return { result, reads: made };
    },
    /** An edit as the dev server makes it: the result is served without waiting for the catch-up. */
    editNow: (changes: Files) => {
      Object.assign(files, changes);
      return rebuild(options(files), Object.keys(changes));
    },
    full: () => build({ root: ROOT, fs: memorySourceFs({ ...files }), write: false, minify: true, cacheDir }),
    cacheDir,
    close: () => live.close(),
  };
}

const renderedCount = (result: BuildResult | undefined) => result!.rendered!.pages - result!.rendered!.reused;
const appendTo = (text: string | Uint8Array | undefined, line: string) => `${text as string}\n${line}\n`;
const mapOf = (result: BuildResult | undefined) => new TextDecoder().decode(result!.output.get(SOURCE_MAP_PATH));
/** A blank line before the first paragraph: the same HTML, but the links below it move a line down. */
const linesMoved = (files: Files, path: string): Files => ({ [path]: (files[path] as string).replace('\nFirst paragraph', '\n\nFirst paragraph') });

/** Once the session's catch-up is done, the served edit's source map has changed from `before` and it and the output equal a full build's. */
async function expectCaughtUp(dev: Awaited<ReturnType<typeof session>>, edited: BuildResult | undefined, before: string): Promise<void> {
  await dev.live.search;
  const full = await dev.full();
  expect(mapOf(edited)).not.toBe(before);
  expect(mapOf(edited)).toBe(mapOf(full));
  expect(outputDifferences(edited!, full)).toEqual([]);
}

describe('sitegen dev: an edit to Markdown bodies', () => {
  it('renders the edited page only and gives the output of a full build, byte for byte', async () => {
    const files = site();
    const dev = await session(files);
    const result = await dev.edit({ 'content/en/blog/post-3.md': appendTo(files['content/en/blog/post-3.md'], 'A new closing sentence.') });
    expect(result?.ok).toBe(true);
    expect(renderedCount(result)).toBe(1);
    expect(result!.timings.load).toBeUndefined(); // nothing was loaded, validated or routed again
    expect(htmlAt(result!, `${MAIN}/blog/post-3.html`)).toContain('A new closing sentence.');
    expect(indexedPages(result!.output, MAIN).find((p) => p.url === '/blog/post-3')!.content).toContain('A new closing sentence.');
    expect(outputDifferences(result!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('renders the lists holding a post again when its first paragraph (its excerpt) changes', async () => {
    const files = site();
    const dev = await session(files);
    const post = files['content/en/blog/post-2.md'] as string;
    const result = await dev.edit({ 'content/en/blog/post-2.md': post.replace('First paragraph of post 2.', 'A new opening of post 2.') });
    expect(result?.ok).toBe(true);
    expect(htmlAt(result!, `${MAIN}/blog/post-2.html`)).toContain('<p>A new opening of post 2.</p>');
    expect(renderedCount(result)).toBeGreaterThan(1); // the blog list, the category and tag pages holding post 2
    expect(outputDifferences(result!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('writes a feed again only when it lists the edited post, and the output is still a full build\'s', async () => {
    const files = site();
    // The blog's feed lists the two newest posts: 8 and 7.
    files['content/site.yaml'] = (files['content/site.yaml'] as string).replace(/^feeds:\n  items: \d+$/m, 'feeds:\n  items: 2');
    const dev = await session(files);
    const feed = `${MAIN}/blog/feed.atom`;
    const before = dev.first.output.get(feed);
    const older = await dev.edit({ 'content/en/blog/post-3.md': appendTo(files['content/en/blog/post-3.md'], 'A sentence no feed shows.') });
    expect(older?.ok).toBe(true);
    expect(older!.output.get(feed)).toBe(before); // the very bytes of the first build: not written again
    expect(outputDifferences(older!, await dev.full())).toEqual([]);
    const newest = await dev.edit({ 'content/en/blog/post-8.md': appendTo(files['content/en/blog/post-8.md'], 'A sentence the feed shows.') });
    expect(new TextDecoder().decode(newest!.output.get(feed))).toContain('A sentence the feed shows.');
    expect(outputDifferences(newest!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('applies several edits at once and keeps applying later ones', async () => {
    const files = site();
    const dev = await session(files);
    for (let round = 1; round <= 3; round++) {
      const result = await dev.edit({
        'content/en/blog/post-1.md': appendTo(files['content/en/blog/post-1.md'], `Round ${round} in English.`),
        'content/fr/blog/post-1.md': appendTo(files['content/fr/blog/post-1.md'], `Tour ${round} en français.`),
      });
      expect(renderedCount(result)).toBe(2);
      expect(outputDifferences(result!, await dev.full())).toEqual([]);
    }
    await dev.close();
  });

  it('builds in full when front matter changes: the output is still a full build\'s, and the Markdown cache stays whole', async () => {
    const files = site();
    const dev = await session(files);
    const post = files['content/en/blog/post-4.md'] as string;
    const result = await dev.edit({ 'content/en/blog/post-4.md': post.replace('title: Post 4', 'title: Post four') });
    expect(result?.ok).toBe(true);
    expect(result!.timings.load).toBeGreaterThanOrEqual(0);
    expect(htmlAt(result!, `${MAIN}/blog.html`)).toContain('Post four');
    const full = await dev.full();
    expect(outputDifferences(result!, full)).toEqual([]);
    // The session's full build took every body from its memory: it read no pack, and must remove none.
    expect(full.markdown).toMatchObject({ rendered: 0 });
    await dev.close();
  });

  it('reports a broken link at its line and column, keeps the last good build, and recovers', async () => {
    const files = site();
    const dev = await session(files);
    const good = files['content/en/blog/post-5.md'] as string;
    const broken = await dev.edit({ 'content/en/blog/post-5.md': `${good}\nSee [the plans](/no-such-page).\n` });
    expect(broken?.ok).toBe(false);
    const lines = `${good}\nSee [the plans](/no-such-page).\n`.split('\n');
    expect(errorsOf(broken!)).toEqual([expect.objectContaining({ code: 'BROKEN_LINK', file: 'content/en/blog/post-5.md', position: { line: lines.indexOf('See [the plans](/no-such-page).') + 1, column: 5 } })]);
    const fixed = await dev.edit({ 'content/en/blog/post-5.md': `${good}\nSee [the plans](/pricing).\n` });
    expect(fixed?.ok).toBe(true);
    expect(renderedCount(fixed)).toBe(1);
    expect(outputDifferences(fixed!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('ignores editors\' temporary files, and builds in full for deleted and new files', async () => {
    const files = site();
    const dev = await session(files);
    expect(await dev.edit({ 'content/en/blog/.post-1.md.swp': 'swap', 'content/en/blog/post-1.md~': 'backup' })).toBeUndefined();
    expect(await dev.edit({}, ['content/en/blog/4913'])).toBeUndefined(); // vim's write test, already gone
    const deleted = await dev.edit({}, ['content/en/blog/post-8.md']);
    expect(deleted?.ok).toBe(true);
    expect(deleted!.output.has(`${MAIN}/blog/post-8.html`)).toBe(false);
    expect(outputDifferences(deleted!, await dev.full())).toEqual([]);
    const added = await dev.edit({ 'content/en/blog/post-9.md': blogPost({ title: 'Post 9', date: '2026-03-09' }, 'Nine.\n') });
    expect(added!.output.has(`${MAIN}/blog/post-9.html`)).toBe(true);
    expect(outputDifferences(added!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('reads a save it caught half done again: a file renamed away or emptied, then written, is a body edit', async () => {
    const files = site();
    const dev = await session(files);
    for (const during of [undefined, '']) {
      const text = appendTo(files['content/en/blog/post-3.md'], `Saved after a moment (${during === undefined ? 'renamed away' : 'emptied'}).`);
      const { result, reads } = await dev.editCaughtMidSave('content/en/blog/post-3.md', text, during, 2);
      expect(reads).toBeGreaterThan(2);
      expect(renderedCount(result)).toBe(1);
      expect(htmlAt(result!, `${MAIN}/blog/post-3.html`)).toContain('Saved after a moment');
      expect(outputDifferences(result!, await dev.full())).toEqual([]);
    }
    await dev.close();
  });

  it('takes a Markdown file still empty after the wait as emptied: the build says what it lacks', async () => {
    const files = site();
    const dev = await session(files);
    const result = await dev.edit({ 'content/en/blog/post-2.md': '' });
    expect(result?.ok).toBe(false);
    expect(errorsOf(result!).map((d) => d.file)).toContain('content/en/blog/post-2.md');
    await dev.close();
  });

  it('keeps an edited body in the Markdown cache (appended to its pack unread), also in a later session that starts from the text before', async () => {
    const files = site();
    const original = files['content/en/blog/post-3.md'] as string;
    const edited = appendTo(original, 'A sentence kept in the cache.');
    const first = await session(files);
    expect((await first.edit({ 'content/en/blog/post-3.md': edited }))?.ok).toBe(true);
    await first.close();
    // A later build takes the edited body from the pack the edit appended it to.
    expect((await first.full()).markdown).toMatchObject({ rendered: 0 });
    // A later session starts from the text before (its first build keeps only the bodies it used) and is given the edited one again.
    files['content/en/blog/post-3.md'] = original;
    const later = await session(files, 0, first.cacheDir);
    const again = await later.edit({ 'content/en/blog/post-3.md': edited });
    expect(htmlAt(again!, `${MAIN}/blog/post-3.html`)).toContain('A sentence kept in the cache.');
    await later.close();
    const full = await later.full();
    expect(full.markdown).toMatchObject({ rendered: 0 });
    expect(outputDifferences(again!, full)).toEqual([]);
  });

  it('serves an edit before the source map catches up, which then equals a full build\'s', async () => {
    const files = site();
    const dev = await session(files);
    const before = mapOf(dev.first);
    const original = files['content/en/blog/post-3.md'] as string;
    const edited = await dev.editNow(linesMoved(files, 'content/en/blog/post-3.md'));
    expect(mapOf(edited)).toBe(before);
    await expectCaughtUp(dev, edited, before);
    // Moved back: the page's lines shrink to what they were, in a file written over the first one's memory.
    const back = await dev.edit({ 'content/en/blog/post-3.md': original! });
    expect(mapOf(back)).toBe(before);
    expect(mapOf(back)).toBe(mapOf(await dev.full()));
    await dev.close();
  });

  it('has a save made before the catch-up started join it: one catch-up brings both edits into the map', async () => {
    const files = site();
    const dev = await session(files);
    const before = mapOf(dev.first);
    // The catch-up starts from a timer (catch-up.ts): held here until both saves are in.
    let second: BuildResult | undefined;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await dev.editNow(linesMoved(files, 'content/en/blog/post-3.md'));
      const catchingUp = dev.live.search;
      second = await dev.editNow(linesMoved(files, 'content/en/blog/post-4.md'));
      // Joined: no second catch-up was queued behind the first.
      expect(dev.live.search).toBe(catchingUp);
      expect(mapOf(first)).toBe(before);
      expect(mapOf(second)).toBe(before);
      vi.runOnlyPendingTimers();
    } finally {
      vi.useRealTimers();
    }
    await expectCaughtUp(dev, second, before);
    await dev.close();
  });

  it('starts the catch-up once the saves stop: each save made while it waits, even one that fails, moves its start on', async () => {
    const files = site();
    const dev = await session(files, CATCH_UP_QUIET_MS);
    const before = mapOf(dev.first);
    const good = files['content/en/blog/post-5.md'] as string;
    let second: BuildResult | undefined;
    // Timers are faked, not the event loop: a catch-up that started would have run its first steps by the next turn of it.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const waiting = () => [...dev.live.catchUpWaiting ?? []];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await dev.editNow(linesMoved(files, 'content/en/blog/post-3.md'));
      vi.advanceTimersByTime(0.6 * CATCH_UP_QUIET_MS);
      await turn();
      expect(waiting()).toEqual([`${MAIN}/blog/post-3.html`]); // not started
      second = await dev.editNow(linesMoved(files, 'content/en/blog/post-4.md'));
      // 1.2 × the quiet time after the first save, 0.6 × after the second: still waiting, with both.
      vi.advanceTimersByTime(0.6 * CATCH_UP_QUIET_MS);
      await turn();
      expect(waiting()).toEqual([`${MAIN}/blog/post-3.html`, `${MAIN}/blog/post-4.html`]);
      expect(mapOf(second)).toBe(before);
      // A save with a broken link fails, and the writer is still at it: the wait starts again.
      expect((await dev.editNow({ 'content/en/blog/post-5.md': `${good}\nSee [the plans](/pri).\n` }))?.ok).toBe(false);
      vi.advanceTimersByTime(0.6 * CATCH_UP_QUIET_MS);
      await turn();
      expect(waiting()).toHaveLength(2);
      vi.advanceTimersByTime(0.4 * CATCH_UP_QUIET_MS);
      await turn();
      expect(dev.live.catchUpWaiting).toBeUndefined(); // started
    } finally {
      vi.useRealTimers();
    }
    files['content/en/blog/post-5.md'] = good;
    await expectCaughtUp(dev, second, before);
    await dev.close();
  });

  it('holds a waiting catch-up while a rebuild runs, and drops it once a full build succeeds: that build wrote the map itself', async () => {
    const files = site();
    const dev = await session(files, CATCH_UP_QUIET_MS);
    const before = mapOf(dev.first);
    let edited: BuildResult | undefined;
    let full: BuildResult | undefined;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      edited = await dev.editNow(linesMoved(files, 'content/en/blog/post-3.md'));
      const post = files['content/en/blog/post-4.md'] as string;
      const building = dev.editNow({ 'content/en/blog/post-4.md': post.replace('title: Post 4', 'title: Post four') });
      // However long the full build takes, the catch-up does not start during it.
      await vi.advanceTimersByTimeAsync(3 * CATCH_UP_QUIET_MS);
      full = await building;
    } finally {
      vi.useRealTimers();
    }
    expect(full?.ok).toBe(true);
    expect(renderedCount(full)).toBeGreaterThan(1);
    expect(mapOf(edited)).toBe(before); // never caught up: dropped
    expect(dev.live.catchUpWaiting).toBeUndefined();
    await dev.live.search;
    expect(mapOf(full)).toBe(mapOf(await dev.full()));
    await dev.close();
  });

  it('puts the route table and the entries back when an edit fails after it placed its pages', async () => {
    const files = site();
    const dev = await session(files);
    const last = dev.live.last!;
    const pages = [...last.routed.pages];
    const entries = [...last.site.entries];
    // Bodies that cannot be read when their pages render: the edit fails past the point where its pages are in place.
    const unreadable: Pick<MarkdownBodies, 'render'> = {
      render: async (jobs, facts) => (await renderInThisThread(jobs, facts)).map((body) => ({ ...body, body: { read: () => { throw new Error('unreadable body'); } } })),
    };
    const text = appendTo(files['content/en/blog/post-3.md'], 'A sentence never served.');
    // Reported as the page's error, or thrown: either way the edit did not succeed.
    const succeeded = await rebuildBodies(last, [{ path: 'content/en/blog/post-3.md', text }], unreadable, () => performance.now()).then((edit) => edit?.result.ok, () => false);
    expect(succeeded).toBe(false);
    expect(last.routed.pages.every((page, i) => page === pages[i])).toBe(true);
    expect(last.site.entries.every((entry, i) => entry === entries[i])).toBe(true);
    // The session goes on from its last good build.
    const result = await dev.edit({ 'content/en/blog/post-3.md': appendTo(files['content/en/blog/post-3.md'], 'A sentence served.') });
    expect(outputDifferences(result!, await dev.full())).toEqual([]);
    await dev.close();
  });

  it('does not start a waiting catch-up once the session closes, and closes without waiting for it', async () => {
    const files = site();
    const dev = await session(files, CATCH_UP_QUIET_MS);
    const before = mapOf(dev.first);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const edited = await dev.editNow(linesMoved(files, 'content/en/blog/post-3.md'));
      await dev.close(); // no timer advanced: it would never resolve if it waited for the quiet time
      expect(mapOf(edited)).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('warms up by rendering the site\'s bodies once, and stops when asked', async () => {
    const dev = await session(site());
    let rendered = 0;
    const counting: MarkdownRenderer = async (jobs, facts) => {
      rendered += jobs.length;
      return renderInThisThread(jobs, facts);
    };
    const entries = dev.live.last!.site.entries.length;
    await warmUpMarkdown(dev.live.last!, counting);
    expect(rendered).toBe(entries);
    rendered = 0;
    await warmUpMarkdown(dev.live.last!, counting, () => rendered >= 8);
    expect(rendered).toBe(8);
    await dev.close();
  });
});
