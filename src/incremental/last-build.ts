import type { BuildResult } from '../build.js';
import type { ClientChunk } from '../bundle/bundle-client.js';
import type { SiteConfig } from '../model/site-config.js';
import type { Diagnostic } from '../errors/site-error.js';
import type { RenderContext, RenderedPage } from '../render/render-site.js';
import type { Page } from '../model/page.js';
import type { RoutedSite } from '../route/route-site.js';
import type { SiteIndex } from '../route/site-index.js';
import type { PageSlot } from './page-dependents.js';
import type { Entry, ValidSite } from '../model/site.js';

/**
 * What a build session (sitegen dev) keeps of its last good build, so the next build can start
 * from it: a full build reuses its unchanged pages, and an edit to Markdown bodies only is applied
 * to it directly (rebuild-bodies.ts) without loading, validating or routing the site again.
 */
export interface LastBuild {
  contentDir: string;
  /** Every file the build read (content files and public files), from the root. */
  sources: ReadonlySet<string>;
  config: SiteConfig;
  site: ValidSite;
  routed: RoutedSite;
  /**
   * The route table of the full build this state comes from, and the pages body edits replaced
   * since (by slot): routed.index answers from both, so edits never stack index upon index.
   */
  baseIndex: SiteIndex;
  replacedPages: ReadonlyMap<PageSlot, Page>;
  /** What rendering a page needs besides the site and route table. */
  render: Omit<RenderContext, 'site' | 'routed' | 'unknownKeys'>;
  /**
   * Each page's key, dependencies and scripts, by output path, and the output. Owned by the
   * session: a body edit updates both in place (copying maps of every page on each keystroke
   * would cost more than the edit); a full build makes new ones.
   */
  pages: Map<string, RenderedPage>;
  output: Map<string, Uint8Array>;
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
  stats: Pick<BuildResult, 'edge' | 'images' | 'markdown'> & { jsMaxGzip: number };
  /** The pages each content file is the entry of, or a list item on, as host+path (valid while the routes are). */
  pagesOfFile?: Map<string, { own: PageSlot[]; lists: PageSlot[] }>;
}
