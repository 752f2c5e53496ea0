import type { ClientChunk } from '../bundle/bundle-client.js';
import type { SiteBundles } from '../bundle/bundle-site.js';
import type { CompiledEdgeConfig } from '../edge/compile-edge-config.js';
import type { Diagnostic } from '../errors/site-error.js';
import type { LoadedSite } from '../load/load-site.js';
import type { Page } from '../model/page.js';
import type { LocaleCode } from '../model/locale-table.js';
import type { EditableSourceMap } from '../render/source-map.js';
import { inMemory } from '../model/output-file.js';
import type { SiteConfig } from '../model/site-config.js';
import type { Entry, ValidSite } from '../model/site.js';
import type { BuildResult } from '../pipeline/build-result.js';
import type { RenderedOutput } from '../pipeline/site-output.js';
import { newestYear, type RenderContext, type RenderedPage } from '../render/render-site.js';
import type { RoutedSite } from '../route/route-site.js';
import type { SiteIndex } from '../route/site-index.js';
import type { PageSlot } from './page-dependents.js';
import type { KeyInputs } from './page-keys.js';

/**
 * What a build session (sitegen dev) keeps of its last good build, so the next build can start
 * from it: a full build reuses its unchanged pages, and an edit to Markdown bodies only is applied
 * to it directly (body-edits.ts) without loading, validating or routing the site again.
 */
export interface LastBuild {
  contentDir: string;
  /** Every file the build read (content files and public files), from the root. */
  sources: ReadonlySet<string>;
  /**
   * Each Markdown file's text as the session last read or edited it (a session keeps them: a body
   * edit is told apart from a front matter edit by them). `site.sourceText` reads from here first.
   * Owned by the session: a body edit updates it in place.
   */
  texts: Map<string, string>;
  config: SiteConfig;
  site: ValidSite;
  routed: RoutedSite;
  /**
   * The route table of the full build this state comes from, and the pages body edits replaced
   * since (by slot): routed.index answers from both, so edits never stack index upon index.
   */
  baseIndex: SiteIndex;
  replacedPages: ReadonlyMap<PageSlot, Page>;
  /** What rendering a page needs besides the site, the route table and the recorder. */
  render: Omit<RenderContext, 'site' | 'recorder' | 'unknownKeys'>;
  /** The site-wide inputs of page keys, and the memo of their summaries and dependency values. */
  keyInputs: KeyInputs;
  /**
   * Each page's key, dependencies and scripts, by output path, and the output. Owned by the
   * session: a body edit updates both in place (copying maps of every page on each keystroke
   * would cost more than the edit); a full build makes new ones.
   */
  pages: Map<string, RenderedPage>;
  output: Map<string, Uint8Array>;
  /** The page source map, read from the output after the first body edit and kept current after the next ones (catch-up.ts). */
  sourceMap?: EditableSourceMap;
  /** The output paths holding each page's bytes (its copies), made on the first body edit. */
  copies?: Map<Uint8Array, string[]>;
  /** Entries by file, made on the first body edit and kept current by the next ones. */
  entryOfFile?: Map<string, Entry>;
  /** What the JavaScript report is computed from besides the pages. */
  js: { chunks: readonly ClientChunk[]; entry: string; budget: SiteConfig['client'] };
  /** Images that could not be read or encoded, with the reason. */
  imageFailures: ReadonlyMap<string, string>;
  /** The build's warnings, without the JavaScript report's (`jsDiagnostics`), which depend on every page's HTML. */
  diagnostics: Diagnostic[];
  jsDiagnostics: Diagnostic[];
  /** Both lists, sorted: made once and kept while they are the same (a site may have thousands of warnings). */
  sortedDiagnostics?: Diagnostic[];
  /** Figures of the build that a body edit does not change (the JavaScript maximum is computed again). */
  stats: Pick<BuildResult, 'edge' | 'images' | 'social' | 'markdown' | 'search'> & { jsMaxGzip: number };
  /** The pages each content file is the entry of, or a list item on, as host+path (valid while the routes are). */
  pagesOfFile?: Map<string, { own: PageSlot[]; lists: PageSlot[] }>;
  /**
   * Where each page stands in the route table (by output path) and each entry in the site's list
   * (by file): a body edit puts its new pages and entries in their places instead of walking every
   * page and entry (84 000 pages cost a few milliseconds per edit), and each locale's pages in
   * the route table's order (the feeds of an edit's locale look at those). Valid while the routes are.
   */
  positions?: { pages: Map<string, number>; entries: Map<string, number>; localePages: Map<LocaleCode, number[]> };
  /** The Markdown files of the articles some feed lists (filesInFeeds): a body edit to another file writes no feed. Valid while the routes are. */
  feedFiles?: Set<string>;
}

/** What a full build hands the session to remember. */
export interface FinishedBuild {
  loaded: LoadedSite;
  site: ValidSite;
  routed: RoutedSite;
  edge: CompiledEdgeConfig;
  bundles: SiteBundles;
  keyInputs: KeyInputs;
  rendered: RenderedOutput;
  markdown?: BuildResult['markdown'];
  diagnostics: readonly Diagnostic[];
}

/** The session's memory of a full build that succeeded. */
export function lastBuildOf(build: FinishedBuild): LastBuild {
  const { loaded, site, routed, edge, bundles, rendered } = build;
  const { contentDir, config, sources } = loaded;
  const texts = new Map(sources.files.flatMap((f) => (f.text !== undefined && f.path.endsWith('.md') ? [[f.path, f.text] as const] : [])));
  const read = site.sourceText;
  return {
    contentDir, config, routed, baseIndex: routed.index, replacedPages: new Map(), texts,
    site: { ...site, sourceText: (file) => texts.get(file) ?? read(file) },
    sources: new Set([...sources.files.map((f) => f.path), ...sources.assets.map((a) => `${contentDir}/public${a.urlPath}`)]),
    pages: rendered.pages, output: inMemory(rendered.output),
    stats: { edge: { bytes: edge.bytes, budget: edge.budget }, images: rendered.images.stats, social: rendered.social.stats, markdown: build.markdown, search: rendered.search, jsMaxGzip: rendered.js.maxGzip },
    render: { templates: bundles.templates, assets: bundles.assets, buildId: bundles.buildId, year: newestYear(site), social: rendered.social.byPage },
    keyInputs: build.keyInputs,
    js: { chunks: bundles.client.chunks, entry: bundles.client.assets.js, budget: config.client },
    imageFailures: rendered.images.failures,
    diagnostics: build.diagnostics.filter((d) => !rendered.js.diagnostics.includes(d)),
    jsDiagnostics: rendered.js.diagnostics,
  };
}
