import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SiteBundles } from '../bundle/bundle-site.js';
import type { ImageCache } from '../images/encode-images.js';
import type { LoadedSite } from '../load/load-site.js';
import type { ValidSite } from '../model/site.js';
import { keptInMemory, renderInThisThread, type MarkdownRenderer } from '../parse/markdown-jobs.js';
import type { BuildResult } from '../pipeline/build-result.js';
import type { RenderPlan, RenderedOutput } from '../pipeline/site-output.js';
import { newestYear, type ReusablePages } from '../render/render-site.js';
import type { RoutedSite } from '../route/route-site.js';
import { inputsDigest, isUpToDate, previousOutput, withoutCauses, type BuildStamp, type PreviousOutput, type StampedReport } from './build-stamp.js';
import { keepOutput, keptFiles, restorableOutput } from './output-snapshot.js';
import type { KnownFiles } from '../emit/staging.js';
import { OutputOnDisk } from '../emit/output-on-disk.js';
import type { FileOnDisk, SameFiles } from '../model/output-file.js';
import { cacheSalt, codeDigest, FRONT_MATTER_CODE, MARKDOWN_CODE, SEARCH_CODE, SITEGEN_CODE } from './cache-salt.js';
import { frontMatterCache, type FrontMatterCache } from './front-matter-cache.js';
import { splitFrontMatter } from '../parse/front-matter.js';
import { diskImageCache, readOnlyImageCache } from './image-cache.js';
import { socialDrawer } from './social-cache.js';
import { SOCIAL_IMAGE_FOLDER, type SocialDrawer } from '../social/social-images.js';
import { keepPages, readPageCache } from './page-cache.js';
import { cachedRenderer, type MarkdownBodies } from './markdown-cache.js';
import { spilledBodies } from './spilled-bodies.js';
import { newKeyMemo, pageRecorder, pagesDigest, siteInputs, type KeyInputs } from './page-keys.js';
import { siteWideCache, type SiteWideCache } from './site-wide-cache.js';
import { reusablePages } from './reusable-pages.js';
import type { SearchCache } from '../search/index-search.js';
import { searchCache } from './search-cache.js';
import type { BuildSession } from './session.js';
import { writeBuildStamp } from './write-build-stamp.js';

/** What the incremental layer needs to know of a build's options. */
export interface IncrementalOptions {
  root: string;
  /** The output directory, absolute. */
  outDir: string;
  cacheDir: string;
  /** false: nothing is read from or written to the caches, no stamp, nothing reused from disk. */
  cache: boolean;
  /** false: the build writes no output (and so keeps no stamp of one). */
  write: boolean;
  /** Whether cache entries may be written (a build that writes nothing writes no cache either, unless asked: sitegen dev). */
  cacheWrites: boolean;
  /** Keep an output that is up to date (the CLI's way; a session never does). */
  upToDateCheck: boolean;
  /** Take the whole output from the cache when it holds what these inputs make (not in a build told to stop early, which writes nothing). */
  wholeOutput: boolean;
  minify?: boolean;
}

/**
 * The incremental layer around one build: it decides whether the previous output can stay, supplies
 * the caches, tells render which pages it may take from the previous output and how to record page
 * keys, and afterwards stamps the output. The stages themselves stay pure: they never see a cache.
 */
export interface IncrementalBuild {
  /** The previous output is exactly what these inputs make: the build keeps it and reports as it did. */
  upToDate?: (timings: BuildResult['timings']) => BuildResult;
  imageCache: ImageCache;
  /** Each locale's search index part and Pagefind's runtime, by the keys the search stage gives them. */
  searchCache: SearchCache;
  /** Social images through the caches (disk unless the build writes nothing, and this process's memory), then the worker threads. */
  social: SocialDrawer;
  /** How the parse stage renders its bodies, and where they are kept until their pages render (markdown-cache.ts). */
  markdown(): Promise<MarkdownBodies>;
  /** How the parse stage splits front matter: through the front-matter cache, unless the build has none. */
  frontMatter(): Promise<FrontMatterCache>;
  /**
   * The cache holds the whole output these very inputs make (output-snapshot.ts): emit links every
   * file of it from the cache and nothing is parsed or rendered. Then `stamp` records the output.
   */
  restored?: { output: Map<string, FileOnDisk>; stamp(sameFiles?: SameFiles): Promise<void>; result(timings: BuildResult['timings']): BuildResult };
  /**
   * Files of the output cache by digest, which the staging folder links instead of writing what it
   * is given again; none when the previous output of this folder was changed in place since it was
   * written (the cache's files are hard links to it: they may have changed with it).
   */
  knownFiles?: KnownFiles;
  /** Page keys and reuse for the render stage. */
  plan(site: ValidSite, routed: RoutedSite, bundles: SiteBundles): Promise<RenderPlan & { keyInputs: KeyInputs }>;
  /** After emit: records the output (its stamp; `sameFiles` as emit linked them) and its pages (the page cache) for the next build. */
  stamp(rendered: RenderedOutput, report: StampedReport, sameFiles?: SameFiles): Promise<void>;
}

export async function openIncremental(options: IncrementalOptions, session: BuildSession, loaded: LoadedSite): Promise<IncrementalBuild> {
  const { root, outDir, cacheDir } = options;
  // A build to disk with its cache stamps its output (build-stamp.ts): the next build reuses only
  // files still as written, and has nothing to do when neither the inputs nor the output changed.
  const fromDisk = options.write && options.cache;
  const renderSalt = fromDisk ? await cacheSalt(root, SITEGEN_CODE) : '';
  const stampInputs = fromDisk
    ? inputsDigest({ sitegen: renderSalt, project: await codeDigest(root, ['templates', 'client']), options: { config: loaded.configPath, minify: options.minify }, configText: loaded.configText, sources: loaded.sources })
    : undefined;
  const mayKeep = options.upToDateCheck && !session.shared;
  const onDisk = fromDisk && !session.last ? await previousOutput(cacheDir, outDir, mayKeep ? stampInputs : undefined) : undefined;
  const kept = mayKeep && stampInputs && isUpToDate(onDisk, stampInputs) ? onDisk.stamp : undefined;
  // The cache's files are hard links to the previous output's: when a file of it was changed in
  // place, its cache file changed with it (page-cache.ts), and the kept files are not taken as they are.
  const keptIntact = !onDisk || onDisk.changed?.size === 0;
  const restorable = options.wholeOutput && stampInputs && !kept && !session.shared && keptIntact ? await restorableOutput(cacheDir, stampInputs) : undefined;
  const knownFiles = fromDisk && !session.shared && keptIntact ? keptFiles(cacheDir) : undefined;
  const images = diskImageCache(join(cacheDir, 'images'));
  let siteWide: SiteWideCache | undefined;
  return {
    upToDate: kept && ((timings) => keptResult(kept, timings)),
    restored: restorable && {
      output: restorable.output,
      stamp: (sameFiles) => writeBuildStamp(cacheDir, outDir, stampInputs!, restorable.output.keys(), restorable.report, sameFiles),
      result: (timings) => restoredResult(restorable.report, new OutputOnDisk(outDir, restorable.output.keys()), timings),
    },
    knownFiles,
    imageCache: options.cacheWrites ? images : readOnlyImageCache(images),
    searchCache: await searchCacheOf(options),
    // Like encoded images, kept even without the cache (--no-cache): the key is everything drawn.
    social: socialDrawer(join(cacheDir, 'social'), { readOnly: !options.cacheWrites, onDisk: options.write && !session.shared, pool: session.pool, untrusted: changedSocialImages(onDisk) }),
    // The parse stage renders every body at once: its render is complete.
    markdown: () => markdownRenderer(options, session, { complete: true }),
    frontMatter: async () => (options.cache
      ? frontMatterCache(join(cacheDir, 'front-matter.json'), await cacheSalt(root, FRONT_MATTER_CODE), { readOnly: !options.cacheWrites })
      : { split: splitFrontMatter, save: async () => undefined }),
    async plan(site, routed, bundles) {
      const keyInputs: KeyInputs = { site: siteInputs(site, bundles.assets, bundles.buildId, bundles.templates.codeHash, newestYear(site)), memo: newKeyMemo(site.tables) };
      // Pages whose inputs equal those recorded by the previous build keep its bytes: in a session
      // the last build's, in memory; otherwise the cache's files (page-cache.ts), never read.
      const last = session.last;
      let reused: ReusablePages = new Map();
      if (last) reused = reusablePages(routed, keyInputs, last.pages, (paths) => new Map(paths.flatMap((p) => (last.output.has(p) ? [[p, last.output.get(p)!] as const] : []))));
      else if (fromDisk) {
        const cache = await readPageCache(cacheDir, renderSalt);
        // A file of the previous output changed since it was written is a hard link to its cache
        // file: that changed too, and the page renders again (all pages, when the stamp cannot say which).
        const changed = onDisk?.changed;
        const untrusted = (path: string) => !!onDisk && (!changed || changed.has(path));
        reused = reusablePages(routed, keyInputs, cache.records, (paths) => new Map(paths.flatMap((path) => {
          const file = untrusted(path) ? undefined : cache.fileOf(cache.records.get(path)!);
          return file ? [[path, file] as const] : [];
        })));
      }
      // Asked after render, when the page keys have made every page's summary.
      if (fromDisk && !last) siteWide = siteWideCache(cacheDir, renderSalt, () => createHash('sha256').update(`${JSON.stringify(site.config)}\0${pagesDigest(routed.pages, keyInputs.memo)}`).digest('hex'), knownFiles);
      return { keyInputs, recorder: pageRecorder(keyInputs, routed.index), reusable: reused, siteWide };
    },
    async stamp(rendered, report, sameFiles) {
      if (!stampInputs) return;
      // The stamp's `stat` calls in a thread (from 8192 files) while this one keeps the pages and
      // files (neither changes an output file's size, time or inode: they link cache files to them).
      const stamping = writeBuildStamp(cacheDir, outDir, stampInputs, rendered.output.keys(), report, sameFiles, { aside: 1 });
      try {
        await keepPages(cacheDir, renderSalt, outDir, rendered.pages, rendered.output);
        await keepOutput(cacheDir, outDir, stampInputs, withoutCauses(report), rendered.pages, rendered.output, knownFiles);
        // After keepOutput: the records name files it keeps.
        await siteWide?.keep(rendered.siteWide, rendered.output).catch(() => undefined);
      } finally {
        await stamping;
      }
    },
  };
}

/** The search stage's cache (search-cache.ts); a build without a cache (--no-cache) indexes every locale. */
export async function searchCacheOf(options: Pick<IncrementalOptions, 'root' | 'cacheDir' | 'cache' | 'cacheWrites' | 'write'>): Promise<SearchCache> {
  if (!options.cache) return { get: async () => undefined, set: async () => undefined };
  // A build that writes no output (a dev session) asks again on every edit: it keeps the parts in memory too.
  return searchCache({ dir: join(options.cacheDir, 'search'), salt: await cacheSalt(options.root, SEARCH_CODE), writes: options.cacheWrites, memory: !options.write });
}

/**
 * Bodies that render faster in this thread than in the pool: a worker that has not run yet first
 * loads remark (a dev edit, or a CI build whose cache lacks one edited article), and one that has
 * costs a round trip.
 */
const FEW_BODIES = 4;

/**
 * Markdown through the caches (unless the build has none), then the bodies the caches lack through
 * the session's threads, or this one when they are few; `complete` when the render is every body of
 * the site, `lookInPacks: false` for a dev session's edit (markdown-cache.ts). The bodies are kept
 * in the cache's packs, a temporary file, or memory (see each).
 */
export async function markdownRenderer(options: Pick<IncrementalOptions, 'root' | 'cacheDir' | 'cache' | 'cacheWrites' | 'write'>, session: BuildSession, { complete = false, lookInPacks = true } = {}): Promise<MarkdownBodies> {
  const pool = session.pool;
  const render: MarkdownRenderer = pool ? (jobs, facts, rendered) => (jobs.length <= FEW_BODIES ? renderInThisThread(jobs, facts, rendered) : pool.run('markdown', jobs, facts, rendered)) : renderInThisThread;
  if (options.cache) return cachedRenderer(render, join(options.cacheDir, 'markdown'), await cacheSalt(options.root, MARKDOWN_CODE), { memory: session.markdown, readOnly: !options.cacheWrites, complete, lookInPacks });
  // Without a cache, a build that writes its output keeps its bodies in a temporary file; one that
  // writes nothing (a dev session serves from memory, a test's small site) keeps them in memory.
  if (options.write && !session.shared) return spilledBodies(render);
  return { render: keptInMemory(render), finish: async () => undefined, close: () => undefined };
}

/**
 * The social images of the previous output changed since it was written, by name: emit linked them
 * from the social cache, whose files changed with them (all of them when the stamp cannot say which).
 */
function changedSocialImages(previous: PreviousOutput | undefined): (name: string) => boolean {
  if (!previous) return () => false;
  if (!previous.changed) return () => true;
  const image = new RegExp(`${SOCIAL_IMAGE_FOLDER}/([0-9a-f]+)\\.png$`);
  const names = new Set([...previous.changed].flatMap((path) => image.exec(path)?.[1] ?? []));
  return (name) => names.has(name);
}

/** The result of a build that linked its whole output from the cache: what the build that made it reported. */
function restoredResult(report: StampedReport, output: OutputOnDisk, timings: BuildResult['timings']): BuildResult {
  const { pages, output: counts, edge, js, images, social, diagnostics } = report;
  return { ok: true, diagnostics, pages: [], output, outputCounts: counts, timings, edge, js, images, social, rendered: { pages: pages.total, reused: pages.total }, restored: { pages, output: counts } };
}

/** The result of a build that kept the previous output: what that build reported. */
function keptResult(stamp: BuildStamp, timings: BuildResult['timings']): BuildResult {
  const { pages, output, edge, js, images, social, diagnostics } = stamp.report;
  return { ok: true, diagnostics, pages: [], output: new Map(), timings, edge, js, images, social, upToDate: { pages, output } };
}
