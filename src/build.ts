import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cacheSalt, codeDigest, MARKDOWN_CODE, SITEGEN_CODE } from './cache/cache-salt.js';
import { cachedRenderer, type CacheStats } from './cache/markdown-cache.js';
import { bundleClient, hashedAsset, type BundledAssets } from './bundle/bundle-client.js';
import { compileTemplates, type CompiledTemplates } from './bundle/compile-templates.js';
import { DEFAULT_CONFIG, parseSiteConfig } from './config/load-site-config.js';
import type { SiteConfig } from './config/site-config-schema.js';
import { bundleMiddleware, type BundledMiddleware, type PerHostTarget } from './bundle/bundle-middleware.js';
import { compileEdgeConfig } from './edge/compile-edge-config.js';
import { edgeFiles } from './edge/edge-files.js';
import { renderHosting } from './hosting/render-hosting.js';
import { collectOutput, emitSite } from './emit/emit-site.js';
import { countOutput, countPages, type OutputCounts, type PageCounts } from './emit/output-counts.js';
import { writeBuildStamp } from './emit/write-build-stamp.js';
import { diagnostic, sortDiagnostics, type Diagnostic } from './errors/site-error.js';
import { nodeSourceFs, type SourceFs } from './fs/source-fs.js';
import { HOST_KEYS } from './locales/locale-table.js';
import { encodeImages, type EncodedImages, type ImageStats } from './images/encode-images.js';
import { diskImageCache } from './images/image-cache.js';
import { imageDiagnostics } from './images/image-diagnostics.js';
import { readImageFacts } from './images/image-facts.js';
import { PAGE_MANIFEST, pageManifestFile, readPageManifest, readPreviousFiles } from './load/load-previous.js';
import { inputsDigest, isUpToDate, previousOutput, type BuildStamp } from './load/build-stamp.js';
import { loadSources } from './load/load-sources.js';
import { renderInThisThread, type MarkdownRenderer } from './parse/markdown-jobs.js';
import { parseSite, type ParsedSite } from './parse/parse-site.js';
import { classifyChanges } from './rebuild/change-set.js';
import type { LastBuild } from './rebuild/last-build.js';
import { rebuildBodies } from './rebuild/rebuild-bodies.js';
import { warmUpMarkdown } from './rebuild/warm-up.js';
import { markdownPool, type MarkdownPool } from './parallel/markdown-pool.js';
import type { RenderedMarkdown } from './parse/markdown.js';
import { buildIdOf } from './render/build-id.js';
import { jsReport, jsReportFile } from './render/js-report.js';
import { newKeyMemo, siteInputs } from './render/page-inputs.js';
import { reusablePages } from './render/reusable-pages.js';
import { buildManifests, copyToHosts, newestYear, renderPages, type ReusablePages } from './render/render-site.js';
import { renderSitemaps, robotsTxt } from './render/sitemaps.js';
import { translationCoverage, translationCoverageFiles } from './render/translation-coverage.js';
import type { Page } from './route/page.js';
import { routeSite } from './route/route-site.js';
import { validateSite } from './validate/validate-site.js';

export const STAGES = ['load', 'parse', 'validate', 'route', 'bundle', 'render', 'emit'] as const;
export type Stage = (typeof STAGES)[number];

export interface BuildOptions {
  /** Project root: templates/ and client/ are read from here. */
  root: string;
  /** Site configuration, relative to root; its folder is the content folder. */
  config?: string;
  /** Output directory, relative to root or absolute. */
  outDir?: string;
  /** false: return the output in memory and write nothing. */
  write?: boolean;
  /** Where content is read from (defaults to the real file system under root). */
  fs?: SourceFs;
  /** Where rendered Markdown and encoded images are cached (default node_modules/.cache/sitegen). */
  cacheDir?: string;
  /** false: render all Markdown again and keep nothing (the image and template caches still apply). */
  cache?: boolean;
  /**
   * true (the CLI's way): when nothing the build reads has changed since the previous build of this
   * output, and that output is still as it was written, keep it and return at once. The result then
   * holds no pages or output in memory, only `upToDate`.
   */
  upToDateCheck?: boolean;
  /** Worker threads for Markdown (default: the available cores); 1 renders in this thread. */
  jobs?: number;
  /** The bundled Markdown worker (bin/sitegen builds it); without it Markdown renders in this thread. */
  workerScript?: string;
  /** Shared by a series of builds (sitegen dev): threads, Markdown in memory, the previous output. */
  session?: BuildSession;
  /** Milliseconds from an arbitrary origin, for stage timings. */
  clock?: () => number;
  /** Called as each stage ends, for progress output. */
  onStage?: (stage: Stage, ms: number) => void;
  minify?: boolean;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  pages: Page[];
  /** Every output file by path relative to the output directory. (In a dev session, later body edits update this map in place.) */
  output: Map<string, Uint8Array>;
  timings: Partial<Record<Stage, number>>;
  config?: SiteConfig;
  /** Size of the edge document (minified JSON) and its budget. */
  edge?: { bytes: number; budget: number };
  /** The most JavaScript (gzip) any page can load, and the budget (client.budgetGzip). */
  js?: { maxGzip: number; budget: number };
  /** Raster images and how many of them were encoded (the rest came from the cache). */
  images?: ImageStats;
  /** Markdown bodies and how many were rendered (the rest came from the cache). */
  markdown?: CacheStats;
  /** Pages, and how many were taken from the previous output because their inputs had not changed. */
  rendered?: { pages: number; reused: number };
  /** Set when the previous output was kept as it was (upToDateCheck): its counts, as that build recorded them. */
  upToDate?: { pages: PageCounts; output: OutputCounts };
}

/** What a series of builds shares: worker threads, rendered Markdown in memory, the last output. */
export interface BuildSession {
  pool?: MarkdownPool;
  /** Rendered Markdown by cache key, kept in memory (a single build reads the disk cache only). */
  markdown?: Map<string, RenderedMarkdown>;
  /** The last successful build: the next build reuses its unchanged pages, or applies an edit to it. */
  last?: LastBuild;
  /** Raised by whoever watches templates/ and client/ when a file there changes: the bundles are made again. */
  codeVersion: number;
  /** The bundles of the last build and the code version and edge document they were made from. */
  bundles?: { codeVersion: number; templates: CompiledTemplates; client: BundledAssets };
  middleware?: { key: string; value: BundledMiddleware };
  /** Markdown cache entries still being written: nobody waits for them but close(). */
  cacheWrites: Set<Promise<unknown>>;
  close(): Promise<void>;
}

export function createSession(options: Pick<BuildOptions, 'jobs' | 'workerScript'>): BuildSession {
  const jobs = options.jobs ?? availableParallelism();
  const pool = jobs > 1 && options.workerScript ? markdownPool(options.workerScript, jobs) : undefined;
  const cacheWrites = new Set<Promise<unknown>>();
  return {
    pool, markdown: new Map(), codeVersion: 0, cacheWrites,
    close: async () => {
      await pool?.close();
      await Promise.all(cacheWrites);
    },
  };
}

/** The pipeline: each line a stage; only emit writes. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  if (options.session) return runBuild(options, options.session);
  const session: BuildSession = { ...createSession(options), markdown: undefined };
  try {
    return await runBuild(options, session);
  } finally {
    await session.close();
  }
}

/**
 * The next build of a session after these files changed (paths from the root; undefined when not
 * known). Edits to Markdown bodies alone are applied to the last build (rebuild-bodies.ts), in
 * milliseconds; anything else is a full build, which still reuses every unchanged page. Undefined
 * when nothing the build reads changed (an editor's temporary file).
 */
export async function rebuild(options: BuildOptions & { session: BuildSession }, changed: readonly string[] | undefined): Promise<BuildResult | undefined> {
  const { session } = options;
  const last = session.last;
  const sameCode = session.bundles?.codeVersion === session.codeVersion;
  if (!last || !sameCode || !changed) return build(options);
  const changes = await classifyChanges(changed, options.fs ?? nodeSourceFs(options.root), last);
  if (changes.kind === 'none') return undefined;
  if (changes.kind === 'markdown') {
    const applied = await rebuildBodies(last, changes.edits, await markdownRenderer(options, session, changes.edits.length <= FEW_BODIES), options.clock ?? (() => performance.now()));
    if (applied) {
      if (applied.last) session.last = applied.last;
      return applied.result;
    }
  }
  return build(options);
}

/** Gets a session ready for fast edits after its first build (rebuild/warm-up.ts): edits render their few bodies in this thread. */
export async function warmUp(session: BuildSession, stopped?: () => boolean): Promise<void> {
  if (session.last) await warmUpMarkdown(session.last, renderInThisThread, stopped);
}

/** Bodies that render faster in this thread, warmed up by warmUp(), than by a round trip to a worker. */
const FEW_BODIES = 4;

/** Markdown through the session's threads (or this one) and the persistent cache (unless the build has none). */
async function markdownRenderer(options: BuildOptions, session: BuildSession, inThisThread = false): Promise<{ render: MarkdownRenderer; stats?: () => CacheStats }> {
  const render: MarkdownRenderer = (!inThisThread && session.pool?.render) || renderInThisThread;
  if (options.cache === false) return { render };
  return cachedRenderer(render, join(cacheDirOf(options), 'markdown'), await cacheSalt(options.root, MARKDOWN_CODE), session.markdown, session.cacheWrites);
}

const cacheDirOf = (options: BuildOptions) => options.cacheDir ?? join(options.root, 'node_modules/.cache/sitegen');

async function runBuild(options: BuildOptions, session: BuildSession): Promise<BuildResult> {
  const clock = options.clock ?? (() => performance.now());
  const fs = options.fs ?? nodeSourceFs(options.root);
  const configPath = options.config ?? DEFAULT_CONFIG;
  const contentDir = dirname(configPath);
  const timings: BuildResult['timings'] = {};
  const diagnostics: Diagnostic[] = [];
  let last = clock();
  const lap = (stage: Stage) => {
    const now = clock();
    timings[stage] = now - last;
    last = now;
    options.onStage?.(stage, timings[stage]!);
  };
  const fail = (): BuildResult => ({ ok: false, diagnostics: sortDiagnostics(diagnostics), pages: [], output: new Map(), timings });
  const failed = () => diagnostics.some((d) => d.severity === 'error');

  const configBytes = await fs.readBytes(configPath);
  const configText = configBytes ? new TextDecoder().decode(configBytes) : undefined;
  const loaded = parseSiteConfig(configText, configPath);
  diagnostics.push(...loaded.diagnostics);
  if (!loaded.config) return fail();
  const config = loaded.config;
  const sources = await loadSources(fs, contentDir);
  const cacheDir = cacheDirOf(options);
  const outDir = resolve(options.root, options.outDir ?? 'dist');
  // A build to disk with its cache stamps its output (load/build-stamp.ts): the next build reuses only
  // files still as written, and has nothing to do when neither the inputs nor the output changed.
  const fromDisk = options.write !== false && options.cache !== false;
  const renderSalt = fromDisk ? await cacheSalt(options.root, SITEGEN_CODE) : '';
  const stampInputs = fromDisk
    ? inputsDigest({ sitegen: renderSalt, project: await codeDigest(options.root, ['templates', 'client']), options: { config: configPath, outDir, minify: options.minify }, configText, sources })
    : undefined;
  const onDisk = fromDisk && !session.last ? await previousOutput(cacheDir, outDir) : undefined;
  if (options.upToDateCheck && !options.session && stampInputs && isUpToDate(onDisk, stampInputs)) {
    lap('load');
    return keptResult(onDisk.stamp, timings);
  }
  const imageFacts = await readImageFacts(sources.assets, config.images);
  // sharp encodes off the main thread: the variants are made while the pages are parsed and rendered.
  const encoding: Promise<EncodedImages> = encodeImages(sources.assets, imageFacts, diskImageCache(join(cacheDir, 'images')), config.images);
  encoding.catch(() => undefined); // awaited below; a build that fails earlier must not leave it unhandled
  lap('load');

  const markdown = await markdownRenderer(options, session);
  // The parsed records hold every file's YAML document (for positions): let go once validated.
  let parsed: ParsedSite | undefined = await parseSite(sources, config, imageFacts, markdown.render);
  // A single build needs its threads no more: their heaps are given back before render fills the output.
  if (!options.session) await session.pool?.close();
  lap('parse');

  const validated = validateSite(parsed, config);
  parsed = undefined;
  diagnostics.push(...validated.diagnostics);
  lap('validate');
  if (!validated.site || failed()) return fail();
  const site = validated.site;

  const routed = routeSite(site);
  diagnostics.push(...routed.diagnostics);
  const edge = compileEdgeConfig(site, routed.pages, configPath);
  diagnostics.push(...edge.diagnostics);
  lap('route');
  if (failed()) return fail();

  let templates: CompiledTemplates;
  let client: BundledAssets;
  let middleware: BundledMiddleware;
  try {
    // A session keeps the bundles while the code they come from (and the edge document) is the same.
    const code = session.bundles?.codeVersion === session.codeVersion ? session.bundles : undefined;
    const perHost = site.config.edge.targets.filter((t): t is PerHostTarget => t === 'cloudflare' || t === 'netlify');
    const middlewareKey = `${perHost.join(',')} ${edge.json}`;
    const edgeBundle = session.middleware?.key === middlewareKey ? session.middleware.value : undefined;
    [templates, client, middleware] = await Promise.all([
      code?.templates ?? compileTemplates(options.root),
      code?.client ?? bundleClient(options.root, { minify: options.minify }),
      edgeBundle ?? bundleMiddleware(edge.json, { minify: options.minify, perHost }),
    ]);
    if (options.session) {
      session.bundles = { codeVersion: session.codeVersion, templates, client };
      session.middleware = { key: middlewareKey, value: middleware };
    }
  } catch (error) {
    diagnostics.push(diagnostic('BUNDLE_FAILED', bundleMessage(error), { cause: error }));
    return fail();
  }
  const sprite = hashedAsset('icons', 'svg', templates.spriteSvg());
  lap('bundle');

  const buildId = buildIdOf(templates.codeHash, [...client.files.map((f) => f.path), sprite.path]);
  const assets = { ...client.assets, sprite: sprite.path };
  const year = newestYear(site);
  const render = { templates, assets, buildId, year, inputs: { site: siteInputs(site, assets, buildId, templates.codeHash, year), memo: newKeyMemo(site.tables) } };
  // Incremental: pages whose inputs equal those recorded by the previous build keep its bytes.
  const previous = session.last;
  let reusable: ReusablePages = new Map();
  if (previous) reusable = await reusablePages(routed, render.inputs, previous.pages, async (paths) => new Map(paths.flatMap((p) => (previous.output.has(p) ? [[p, previous.output.get(p)!] as const] : []))));
  else if (onDisk) reusable = await reusablePages(routed, render.inputs, onDisk.intact.has(PAGE_MANIFEST) ? await readPageManifest(outDir, renderSalt) : new Map(), (paths) => readPreviousFiles(outDir, paths.filter((path) => onDisk.intact.has(path))));
  const rendered = renderPages(routed, { ...render, site }, reusable);
  diagnostics.push(...rendered.diagnostics);
  const js = jsReport([...rendered.pages.values()].map((p) => p.scripts), client.chunks, client.assets.js, config.client);
  diagnostics.push(...js.diagnostics);
  const images = await encoding;
  diagnostics.push(...imageDiagnostics(site, images.failures, contentDir));
  if (failed()) return fail();
  const siteFiles = [
    ...rendered.files,
    ...(await renderSitemaps(routed.pages, config)),
    ...HOST_KEYS.map((host) => robotsTxt(config, host)),
    ...buildManifests(site, buildId),
    ...copyToHosts(site, [...client.files, sprite, ...[...site.assets].map(([path, contents]) => ({ path, contents })), ...images.files]),
  ];
  const hosting = renderHosting(config, edge, middleware, siteFiles, configPath);
  diagnostics.push(...hosting.diagnostics);
  // Reports are for the people running the build, not part of any host: no hosting target copies them.
  const reports = [jsReportFile(js.report), ...translationCoverageFiles(translationCoverage(site, routed.pages)), ...(fromDisk ? [pageManifestFile(renderSalt, rendered.pages)] : [])];
  const collected = collectOutput([...siteFiles, ...edgeFiles(edge, middleware), ...hosting.files, ...reports]);
  diagnostics.push(...collected.diagnostics);
  const stats = { edge: { bytes: edge.bytes, budget: edge.budget }, images: images.stats, markdown: markdown.stats?.(), jsMaxGzip: Math.max(0, ...js.report.pages.map((p) => p.totalGzip)) };
  lap('render');
  if (failed()) return fail();

  if (options.write !== false) {
    try {
      // The bytes of unchanged pages were read from files of the output being replaced: linked, not written.
      const unchanged = previous ? new Map() : new Map([...reusable].map(([path, { bytes }]) => [bytes, path]));
      await emitSite(collected.output, outDir, unchanged);
      if (stampInputs) {
        await writeBuildStamp(cacheDir, outDir, stampInputs, collected.output.keys(), {
          pages: countPages(routed.pages), output: countOutput(collected.output), edge: stats.edge,
          js: { maxGzip: stats.jsMaxGzip, budget: config.client.budgetGzip }, images: images.stats, diagnostics: sortDiagnostics(diagnostics),
        });
      }
    } catch (error) {
      diagnostics.push(diagnostic('EMIT_FAILED', `writing ${options.outDir ?? 'dist'} failed: ${(error as Error).message}`, { cause: error }));
      return fail();
    }
  }
  lap('emit');
  if (options.session) {
    session.last = {
      contentDir, config, site, routed, baseIndex: routed.index, replacedPages: new Map(),
      sources: new Set([...sources.files.map((f) => f.path), ...sources.assets.map((a) => `${contentDir}/public${a.urlPath}`)]), pages: rendered.pages, output: collected.output, stats,
      render,
      js: { chunks: client.chunks, entry: client.assets.js, budget: config.client },
      imageFailures: images.failures,
      diagnostics: diagnostics.filter((d) => !js.diagnostics.includes(d)),
      jsDiagnostics: js.diagnostics,
    };
  }
  return { ok: true, diagnostics: sortDiagnostics(diagnostics), pages: routed.pages, output: collected.output, timings, config, edge: stats.edge, js: { maxGzip: stats.jsMaxGzip, budget: config.client.budgetGzip }, images: images.stats, markdown: stats.markdown, rendered: { pages: routed.pages.length, reused: rendered.reused } };
}

/** The result of a build that kept the previous output: what that build reported. */
function keptResult(stamp: BuildStamp, timings: BuildResult['timings']): BuildResult {
  const { pages, output, edge, js, images, diagnostics } = stamp.report;
  return { ok: true, diagnostics, pages: [], output: new Map(), timings, edge, js, images, upToDate: { pages, output } };
}

function bundleMessage(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors;
  if (errors?.length) return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1} ${e.text}` : e.text)).join('\n');
  return (error as Error).message;
}

