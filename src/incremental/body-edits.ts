import type { BuildResult, CacheStats } from '../pipeline/build-result.js';
import { collectOutput } from '../emit/emit-site.js';
import { sortDiagnostics, type Diagnostic } from '../errors/site-error.js';
import { imagePlacementErrors } from '../images/image-diagnostics.js';
import { splitFrontMatter } from '../parse/front-matter.js';
import type { MarkdownJob } from '../parse/markdown-jobs.js';
import { sourceLinesOf } from '../parse/source-lines.js';
import type { SourceText } from '../errors/code-frame.js';
import type { MarkdownBodies } from './markdown-cache.js';
import { markdownJobOf } from '../parse/parse-site.js';
import { filesInFeeds, renderFeeds } from '../render/feeds.js';
import { jsReport, jsReportFile, maxGzipOf } from '../render/js-report.js';
import { renderPages } from '../render/render-site.js';
import type { Page } from '../model/page.js';
import { inMemory } from '../model/output-file.js';
import { checkEntryLinks } from '../route/route-site.js';
import { withReplacedPages } from '../route/site-index.js';
import { bodyImages } from '../validate/validate-site.js';
import { type Entry } from '../model/site.js';
import type { LocaleCode } from '../model/locale-table.js';
import type { LastBuild } from './last-build.js';
import { invalidatedDeps, pagesOfFile, pageSlot } from './page-dependents.js';
import { pageRecorder } from './page-keys.js';

/** A content file's new text. */
export interface FileEdit {
  path: string;
  text: string;
}

export interface BodyRebuild {
  result: BuildResult;
  /** The new last build; absent when the edit failed (the session keeps the last good one). */
  last?: LastBuild;
  /** The output paths of the edited entries' own pages, whose sources the page source map gives. */
  edited?: string[];
}

/**
 * The fast path of `sitegen dev`: edits that change only the Markdown bodies of existing pages
 * (front matter byte for byte the same) cannot change the routes, the lists' order, the sitemaps,
 * the edge configuration or any data a page reads of another page but the excerpt. So only the
 * bodies are rendered again, then the pages that show them: each file's own pages, and if its
 * excerpt changed, the lists showing it and the pages that looked those pages up; and the feeds
 * that list an edited article, which hold its full text. Everything else is the last build's, the page source
 * map and the search index until the caller brings them up to date (catch-up.ts). The output then equals a full build's byte for
 * byte (tested).
 *
 * Returns undefined when the edits are of another kind (a new, deleted or YAML file, a front
 * matter change): the caller builds in full.
 */
export async function rebuildBodies(last: LastBuild, edits: readonly FileEdit[], markdown: Pick<MarkdownBodies, 'render' | 'stats'>, clock: () => number): Promise<BodyRebuild | undefined> {
  const started = clock();
  const { entryOfFile: byFile, pagesOfFile: slots, copies, positions } = prepareForEdits(last);
  const edited: { old: Entry; text: string; job: MarkdownJob }[] = [];
  for (const edit of edits) {
    const old = byFile.get(edit.path);
    const oldText = last.texts.get(edit.path);
    if (!old || oldText === undefined) return undefined;
    if (edit.text === oldText) continue;
    const split = splitFrontMatter(edit.text, edit.path);
    if (!split.frontMatter || split.diagnostics.length) return undefined;
    // The front matter ends at its first closing delimiter: the same text up to there is the same front matter.
    if (!oldText.startsWith(edit.text.slice(0, edit.text.length - split.body.length))) return undefined;
    edited.push({ old, text: edit.text, job: markdownJobOf(split, old.locale, old.section, last.config) });
  }
  const bodies = await markdown.render(edited.map((e) => e.job), last.site.images);
  // The edited files' texts, for the code frames of what the new bodies get wrong.
  const texts = new Map(edited.map(({ old, text }) => [old.file, text]));
  const textNow: SourceText = (file) => texts.get(file) ?? last.site.sourceText(file);
  const replaced = new Map<Entry, Entry>();
  edited.forEach(({ old, text }, i) => {
    const { links, excerpt, digest, body } = bodies[i]!;
    const cover = old.meta.cover !== undefined ? old.images.slice(0, 1) : [];
    // `digest` named: a body rendered without the cache must not keep the old body's digest.
    replaced.set(old, { ...old, links, excerpt, digest, body, images: [...cover, ...bodyImages(old.file, links, textNow)], lines: sourceLinesOf(text) });
  });
  const parsed = clock();
  const timings = () => ({ parse: parsed - started, render: clock() - parsed });

  // What a full build would report about these bodies: links to nothing, images that failed.
  const errors: Diagnostic[] = [];
  for (const entry of replaced.values()) errors.push(...checkEntryLinks(entry, last.site.assets, last.routed.index, textNow), ...imagePlacementErrors([entry], last.imageFailures));
  if (errors.length) return { result: failed(errors, timings()) };

  // The pages holding an edited entry, as their own or as a list item, with the new entry in its place.
  const touched = new Map<Page, Page>();
  const replacedPages = new Map(last.replacedPages);
  const ownPages = new Set<Page>();
  const summaryChanged = new Set<Page>();
  for (const [old, entry] of replaced) {
    const { own, lists } = slots.get(old.file)!;
    for (const slot of [...own, ...lists]) {
      const page = last.routed.index.byPath(...pageSlot(slot))!;
      const next = touched.get(page) ?? withEntries(page, replaced);
      touched.set(page, next);
      replacedPages.set(slot, next);
      if (own.includes(slot)) ownPages.add(next);
      if (entry.excerpt !== old.excerpt) summaryChanged.add(next);
    }
  }
  // The route table and the entries take the new pages and entries in place, as the output and the
  // page records do below: copying 84 000 pages and 56 000 entries cost 5–10 ms of every edit at
  // 4000 articles a locale, much of it in memory not touched yet. A failure from here on puts the old ones back.
  const pages = last.routed.pages;
  const undo = [...placeInPlace(pages, touched, (page) => positions.pages.get(page.outputPath)!), ...placeInPlace(last.site.entries, replaced, (entry) => positions.entries.get(entry.file)!)];
  const putBack = () => {
    for (const restore of undo) restore();
  };
  try {
    return await renderEdited();
  } catch (error) {
    putBack();
    throw error;
  }

  /** Everything after the pages and entries are in place, which a failure puts back. */
  async function renderEdited(): Promise<BodyRebuild> {
    const routed = { ...last.routed, pages, index: withReplacedPages(last.baseIndex, pages, replacedPages) };
    const site = last.site;

    // Pages render again when their key would change: their own entry's body changed, an entry
    // they list changed its excerpt, or they looked up a page whose summary changed.
    const invalid = invalidatedDeps(summaryChanged);
    const dirty = new Set([...ownPages, ...summaryChanged].map((page) => page.outputPath));
    let memo = last.keyInputs.memo;
    if (invalid.size) {
      for (const [path, record] of last.pages) if (record.deps.some((dep) => invalid.has(dep))) dirty.add(path);
      memo = { ...memo, deps: new Map([...memo.deps].filter(([dep]) => !invalid.has(dep))) };
    }
    // The same render as a full build's, given the pages to redo.
    const keyInputs = { ...last.keyInputs, memo };
    const redo = [...dirty].map((path) => positions.pages.get(path)!).sort((a, b) => a - b).map((at) => pages[at]!);
    const again = await renderPages(redo, { ...last.render, site, recorder: pageRecorder(keyInputs, routed.index) });
    const templateErrors = again.diagnostics.filter((d) => d.severity === 'error');
    if (templateErrors.length) return (putBack(), { result: failed(templateErrors, timings()) });
    const bytesOf = new Map(again.files.map((file) => [file.path, file.contents as Uint8Array]));
    const renders = new Map(redo.map((page) => [page, { bytes: bytesOf.get(page.outputPath)!, record: again.pages.get(page.outputPath)! }]));

    // The JavaScript report depends on each page's islands and head scripts: Markdown cannot add
    // those, so it is made again only if a page's changed after all.
    const scriptsChanged = [...renders].some(([page, { record }]) => JSON.stringify(record.scripts) !== JSON.stringify(last.pages.get(page.outputPath)?.scripts));
    const records = new Map([...renders].map(([page, { record }]) => [page.outputPath, record]));
    const js = scriptsChanged ? jsReport([...last.pages].map(([path, record]) => (records.get(path) ?? record).scripts), last.js.chunks, last.js.entry, last.js.budget) : undefined;
    if (js?.diagnostics.some((d) => d.severity === 'error')) return (putBack(), { result: failed(js.diagnostics, timings()) });

    // The feeds listing an edited entry hold its full text (render/feeds.ts); they are made from their
    // locales' pages, in the route table's order, not from all 84 000. An entry no feed lists (older
    // than its section's newest `feeds.items`) changes no feed: most edits write none.
    const feedFiles = (last.feedFiles ??= filesInFeeds(last.routed.pages, last.site));
    const inFeeds = [...replaced.values()].filter((entry) => feedFiles.has(entry.file));
    const feedsOf = new Set(inFeeds.map((entry) => `${entry.locale} ${entry.section}`));
    const feedLocales = new Set(inFeeds.map((entry) => entry.locale));
    const feedPages = [...feedLocales].flatMap((locale) => positions.localePages.get(locale) ?? []).sort((a, b) => a - b).map((at) => pages[at]!);
    const feeds = inFeeds.length ? renderFeeds(feedPages, site, (locale, section) => feedsOf.has(`${locale} ${section}`)).files : [];

    // Nothing has failed: the session's maps are updated in place (last-build.ts says why). A file's
    // copies (a page's 404 twin, the hosting targets' copies) share its bytes and are replaced with it.
    const replace = (path: string, bytes: Uint8Array) => {
      const previous = last.output.get(path)!;
      const paths = copies.get(previous) ?? [path];
      for (const copy of paths) last.output.set(copy, bytes);
      copies.delete(previous);
      copies.set(bytes, paths);
    };
    for (const [page, { bytes }] of renders) replace(page.outputPath, bytes);
    for (const feed of feeds) replace(feed.path, feed.contents as Uint8Array);
    for (const [path, record] of records) last.pages.set(path, record);
    if (js) for (const [path, bytes] of inMemory(collectOutput([jsReportFile(js.report)]).output)) last.output.set(path, bytes);
    for (const [old, entry] of replaced) byFile.set(old.file, entry);
    for (const [file, text] of texts) last.texts.set(file, text);
    const newWarnings = again.diagnostics.filter((w) => w.severity !== 'error').filter((w) => !last.diagnostics.some((d) => d.message === w.message));
    const diagnostics = newWarnings.length ? [...last.diagnostics, ...newWarnings] : last.diagnostics;
    const stats = { ...last.stats, markdown: markdown.stats?.(), ...(js ? { jsMaxGzip: maxGzipOf(js.report) } : {}) };
    const same = !newWarnings.length && !js;
    const next: LastBuild = { ...last, site, routed, replacedPages, keyInputs, diagnostics, jsDiagnostics: js?.diagnostics ?? last.jsDiagnostics, stats, sortedDiagnostics: same ? last.sortedDiagnostics : undefined };
    // The page source map (the edited pages' links, images and first paragraph may have moved) and the
    // search index follow in the background (catch-up.ts).
    return { result: resultOf(next, timings(), renders.size), last: next, edited: [...ownPages].map((page) => page.outputPath) };
  }
}

/** Makes the indexes of `last` that body edits use, unless made already. */
export function prepareForEdits(last: LastBuild): Required<Pick<LastBuild, 'entryOfFile' | 'pagesOfFile' | 'copies' | 'positions'>> {
  return {
    entryOfFile: (last.entryOfFile ??= new Map(last.site.entries.map((entry) => [entry.file, entry]))),
    pagesOfFile: (last.pagesOfFile ??= pagesOfFile(last.routed.pages)),
    copies: (last.copies ??= copiesOf(last.output)),
    positions: (last.positions ??= {
      pages: new Map(last.routed.pages.map((page, at) => [page.outputPath, at])),
      entries: new Map(last.site.entries.map((entry, at) => [entry.file, at])),
      localePages: localePositions(last.routed.pages),
    }),
  };
}

/** Each locale's pages by their places in `pages`, in order. */
function localePositions(pages: readonly Page[]): Map<LocaleCode, number[]> {
  const byLocale = new Map<LocaleCode, number[]>();
  pages.forEach((page, at) => {
    const list = byLocale.get(page.locale);
    if (list) list.push(at);
    else byLocale.set(page.locale, [at]);
  });
  return byLocale;
}

/** Puts each replacement in its item's place in `items`; returns what puts each old item back. */
function placeInPlace<T>(items: readonly T[], replacements: ReadonlyMap<T, T>, at: (item: T) => number): (() => void)[] {
  const list = items as T[];
  return [...replacements].map(([old, next]) => {
    const place = at(old);
    list[place] = next;
    return () => {
      list[place] = old;
    };
  });
}

/** The output paths that share each bytes object (a page's paths and its copies on hosting targets). */
function copiesOf(output: ReadonlyMap<string, Uint8Array>): Map<Uint8Array, string[]> {
  const copies = new Map<Uint8Array, string[]>();
  for (const [path, bytes] of output) {
    const paths = copies.get(bytes);
    if (paths) paths.push(path);
    else copies.set(bytes, [path]);
  }
  return copies;
}

function withEntries(page: Page, replaced: ReadonlyMap<Entry, Entry>): Page {
  const entry = page.entry && (replaced.get(page.entry) ?? page.entry);
  const list = page.list && { ...page.list, items: page.list.items.map((item) => replaced.get(item) ?? item) };
  return { ...page, entry, list };
}

function failed(diagnostics: Diagnostic[], timings: BuildResult['timings']): BuildResult {
  return { ok: false, diagnostics: sortDiagnostics(diagnostics), pages: [], output: new Map(), timings };
}

/** The result of a build that ends in this state. */
function resultOf(last: LastBuild, timings: BuildResult['timings'], rendered: number): BuildResult {
  const pages = last.routed.pages;
  return {
    ok: true,
    diagnostics: (last.sortedDiagnostics ??= sortDiagnostics([...last.diagnostics, ...last.jsDiagnostics])),
    pages,
    output: last.output,
    timings,
    config: last.config,
    edge: last.stats.edge,
    images: last.stats.images,
    social: last.stats.social,
    markdown: last.stats.markdown,
    search: last.stats.search,
    js: { maxGzip: last.stats.jsMaxGzip, budget: last.config.client.budgetGzip },
    rendered: { pages: pages.length, reused: pages.length - rendered },
  };
}
