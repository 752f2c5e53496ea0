import { createHash } from 'node:crypto';
import type { SiteBundles } from '../bundle/bundle-site.js';
import type { CompiledEdgeConfig } from '../edge/compile-edge-config.js';
import { collectOutput, outputPath } from '../emit/emit-site.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { outputText } from '../fs/output-text.js';
import { edgeFiles } from '../hosting/edge-files.js';
import { renderHosting } from '../hosting/render-hosting.js';
import type { EncodedImages } from '../images/encode-images.js';
import { imageDiagnostics } from '../images/image-diagnostics.js';
import { drawSiteIcons } from '../images/site-icons.js';
import { HOST_KEYS } from '../model/locale-table.js';
import { IN_MEMORY, type OutputBytes, type OutputFile, type PageStore } from '../model/output-file.js';
import type { Progress } from '../model/progress.js';
import type { ValidSite } from '../model/site.js';
import type { SourceSet } from '../model/sources.js';
import { jsReport, jsReportFile, maxGzipOf } from '../render/js-report.js';
import { buildManifests, copyToHosts, drawnFiles, newestYear, renderPages, searchKeyOf, type PageRecorder, type RenderedPage, type ReusablePages } from '../render/render-site.js';
import { renderFeeds } from '../render/feeds.js';
import { robotsTxt, sitemapFiles } from '../render/sitemaps.js';
import { messagePlacesIn, sourceMapFileOf } from '../render/source-map.js';
import { securityTxt } from '../render/security-txt.js';
import { translationCoverage, translationCoverageFiles } from '../render/translation-coverage.js';
import { webManifest } from '../render/web-manifest.js';
import type { RoutedSite } from '../route/route-site.js';
import { hostDir } from '../route/urls.js';
import type { SearchInput, SearchOutput, SearchStats } from '../search/index-search.js';
import type { SocialImages } from '../social/social-images.js';

/** What the render stage works from, besides the pages it may take from the previous output. */
export interface RenderInput {
  site: ValidSite;
  routed: RoutedSite;
  edge: CompiledEdgeConfig;
  bundles: SiteBundles;
  /** Encoded while the site was parsed and rendered. */
  images: Promise<EncodedImages>;
  /** Each indexable page's social image (its head names it) and the PNGs, drawn by the social stage. */
  social: SocialImages;
  /** site.yaml, as the user named it: diagnostics about the configuration name it. */
  configPath: string;
  /** The content files as read, for the lines the page source map gives (messages files). */
  sources: SourceSet;
  /** The search stage over the rendered pages (build.ts times it as a stage of its own). */
  search(pages: SearchInput): Promise<SearchOutput>;
  /** Called once the sitemaps, feeds and reports are handed on, the stage's largest temporaries (build.ts collects the heap there). */
  madeFiles?(): void;
}

/** What the incremental layer adds to a render: page keys and pages to reuse. */
export interface RenderPlan {
  recorder: PageRecorder;
  reusable: ReusablePages;
  /** Where each rendered page's bytes go at once (emit's staging folder when the build writes). */
  store?: PageStore;
  /** Files made from the pages' records and the configuration alone, as the previous build made them. */
  siteWide?: SiteWideFiles;
}

/** The groups of files made from every page's record and the configuration, and nothing else. */
export type SiteWideGroup = 'sitemaps';

/**
 * The previous build's files of a group, when every page's record and the configuration are what
 * they were then (src/incremental/site-wide-cache.ts): a body edit changes neither, and making the
 * sitemaps again (30 MB of XML at 1000 articles a locale) cost 0.6 s of a CI build.
 */
export interface SiteWideFiles {
  /** The group's files, each on disk with its digest; undefined: make them. */
  reuse(group: SiteWideGroup): OutputFile[] | undefined;
}

export interface RenderedOutput {
  /** Every output file by path, checked (one file per path, none outside the output): bytes, or the file that holds them. */
  output: Map<string, OutputBytes>;
  /** Each page's record and scripts, by output path. */
  pages: Map<string, RenderedPage>;
  reused: number;
  /** The most JavaScript (gzip) a page loads, and the warnings of the JavaScript report alone. */
  js: { maxGzip: number; diagnostics: Diagnostic[] };
  images: EncodedImages;
  /** The search index's figures (absent when a page failed to render and nothing was indexed). */
  search?: SearchStats;
  /** The social stage's images, passed on (a dev session renders edited pages with them). */
  social: SocialImages;
  /** The output paths of each site-wide group, made or reused (the incremental layer keeps them for the next build). */
  siteWide: Partial<Record<SiteWideGroup, string[]>>;
  /** The site-wide groups taken as the previous build made them. */
  reusedGroups: SiteWideGroup[];
  diagnostics: Diagnostic[];
}

/**
 * The render stage: every page (those in the plan's `reusable` keep their previous bytes), the
 * JavaScript report, sitemaps, robots.txt, the build manifests, public files and images on every
 * host, each hosting target's files, the edge document and middleware, and the reports (which no
 * hosting target copies: they are for the people running the build).
 */
export async function renderOutput(input: RenderInput, plan: RenderPlan, progress?: Progress): Promise<RenderedOutput> {
  const { site, routed, edge, bundles } = input;
  const { config } = site;
  const context = { site, templates: bundles.templates, assets: bundles.assets, buildId: bundles.buildId, year: newestYear(site), recorder: plan.recorder, social: input.social.byPage };
  // Drawn in libuv's threads while this one renders the pages.
  const icons = drawSiteIcons(site.assets.get(config.icons.source) ?? new Uint8Array(), bundles.assets.colours);
  const rendered = await renderPages(routed.pages, context, plan.reusable, plan.store, progress);
  const diagnostics = [...rendered.diagnostics];
  const drawn = await icons;
  if (!drawn.ok) diagnostics.push(diagnostic('ICON_SOURCE_INVALID', `the site's icon ${config.icons.source} (icons.source) cannot be drawn: ${drawn.reason}`, { file: `${site.contentDir}/public${config.icons.source}` }));
  const js = jsReport([...rendered.pages.values()].map((p) => p.scripts), bundles.client.chunks, bundles.client.assets.js, config.client);
  diagnostics.push(...js.diagnostics);
  const images = await input.images;
  diagnostics.push(...imageDiagnostics(site, images.failures, site.contentDir));
  const maxGzip = maxGzipOf(js.report);
  const result = { pages: rendered.pages, reused: rendered.reused, js: { maxGzip, diagnostics: js.diagnostics }, images, social: input.social, siteWide: {}, reusedGroups: [], diagnostics };
  // Pages that failed to render would only add errors about their absence further on.
  if (diagnostics.some((d) => d.severity === 'error')) return { ...result, output: new Map() };
  const store = plan.store ?? IN_MEMORY;
  const feeds = renderFeeds(routed.pages, site);
  // Before the hosting files: they list every file a host serves, the search index's too.
  const pageBytes = new Map(rendered.files.map((f) => [f.path, f.contents]));
  const searching = input.search({
    pages: routed.pages,
    hostDir: (host) => hostDir(config, host),
    keyOf: (page) => searchKeyOf(rendered.pages.get(page.outputPath)!),
    htmlOf: (page) => outputText(pageBytes.get(page.outputPath)!),
    // Each locale's part goes to the store as soon as it is made (a locale's index is megabytes).
    keep: (path, bytes, sha256) => keptBytes(path, bytes, store, sha256),
    pagesPerIndex: config.search.pagesPerIndex,
  });
  searching.catch(() => undefined); // awaited below; a failure meanwhile must not go unhandled
  // Made while Pagefind's processes index (this thread mostly waits on them).
  const reusedSitemaps = plan.siteWide?.reuse('sitemaps');
  const sitemaps = reusedSitemaps ?? await kept(sitemapFiles(routed.pages, config), store);
  const feedFiles = await kept(feeds.files, store);
  const reports = await kept(reportFiles(), store);
  input.madeFiles?.();
  const search = await searching;
  pageBytes.clear();
  diagnostics.push(...search.diagnostics);
  const siteFiles = [
    ...rendered.files,
    ...(await kept(search.files, store)),
    ...sitemaps,
    ...HOST_KEYS.map((host) => robotsTxt(config, host, feeds.feeds.filter((f) => f.host === host).map((f) => f.urls.atom))),
    ...feedFiles,
    ...HOST_KEYS.flatMap((host) => [webManifest(site, host, bundles.assets.colours), securityTxt(config, host) ?? []].flat()),
    ...buildManifests(site, bundles.buildId),
    ...copyToHosts(site, [...bundles.client.files, bundles.sprite, ...[...site.assets].map(([path, contents]) => ({ path, contents })), ...images.files, ...(drawn.ok ? drawn.files : [])]),
    ...drawnFiles(site),
    // Each on the host of the pages that show it, like the drawn covers.
    ...input.social.files,
  ];
  // The Vercel middleware answers a miss itself, with its locale's 404 page, which it carries.
  const notFoundPages = new Map(await Promise.all([...rendered.notFoundPages].map(async ([path, bytes]) => [path, await outputText(bytes)] as const)));
  const hosting = renderHosting(config, edge, bundles.middleware, { files: siteFiles, notFoundPages }, input.configPath);
  diagnostics.push(...hosting.diagnostics);
  const collected = collectOutput([...siteFiles, ...edgeFiles(edge, bundles.middleware), ...hosting.files, ...reports]);
  diagnostics.push(...collected.diagnostics);
  return { ...result, siteWide: { sitemaps: sitemaps.map((f) => f.path) }, reusedGroups: reusedSitemaps ? ['sitemaps'] : [], search: search.stats, output: collected.output };

  /** The reports, one at a time (the page source map of a large site is tens of megabytes). */
  function* reportFiles(): Generator<OutputFile> {
    yield jsReportFile(js.report);
    yield* translationCoverageFiles(translationCoverage(site, routed.pages));
    yield sourceMapFileOf(site, routed.pages, messagePlacesIn(input.sources));
  }
}

const encoder = new TextEncoder();

/**
 * Files made in memory, each handed to the store as soon as it is made, as pages are: a build that
 * writes holds none of them (the sitemaps and reports of a large site are hundreds of megabytes).
 * A path that would leave the output folder is left for collectOutput to refuse.
 */
async function kept(files: Iterable<OutputFile>, store: PageStore): Promise<OutputFile[]> {
  const made: OutputFile[] = [];
  for (const file of files) {
    const path = outputPath(file.path);
    if (path === undefined || !(typeof file.contents === 'string' || file.contents instanceof Uint8Array)) {
      made.push(file);
      continue;
    }
    made.push({ path, contents: await stored(path, typeof file.contents === 'string' ? encoder.encode(file.contents) : file.contents, store) });
  }
  return made;
}

/**
 * One file's bytes handed to the store: what it gives back stands for them. A path that would
 * leave the output folder keeps its bytes, for collectOutput to refuse.
 */
async function keptBytes(written: string, bytes: Uint8Array, store: PageStore, sha256?: string): Promise<OutputBytes> {
  const path = outputPath(written);
  return path === undefined ? bytes : stored(path, bytes, store, sha256);
}

/** Bytes put in the store at an output path already checked (outputPath), once it has room for more; `sha256` when the caller knows it. */
async function stored(path: string, bytes: Uint8Array, store: PageStore, sha256?: string): Promise<OutputBytes> {
  // With its digest: a file the output cache holds already is linked from there, not written again.
  const kept = store.put(path, bytes, store.byDigest ? (sha256 ?? createHash('sha256').update(bytes).digest('hex')) : undefined);
  await store.backlog();
  return kept;
}
