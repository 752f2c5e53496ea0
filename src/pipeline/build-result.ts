import type { SiteWideGroup } from './site-output.js';
import type { OutputCounts, PageCounts } from '../emit/output-counts.js';
import type { Diagnostic } from '../errors/site-error.js';
import type { ImageStats } from '../images/encode-images.js';
import type { Page } from '../model/page.js';
import type { SiteConfig } from '../model/site-config.js';
import type { SearchStats } from '../search/index-search.js';
import type { SocialStats } from '../social/social-images.js';

export const STAGES = ['load', 'parse', 'validate', 'route', 'bundle', 'social', 'render', 'search', 'emit'] as const;
export type Stage = (typeof STAGES)[number];

/** Markdown bodies a build needed, and how many it rendered (the rest came from the cache). */
export interface CacheStats {
  bodies: number;
  rendered: number;
}

/** What a build returns: a full build, one that kept its output, or a dev session's body edit. */
export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  pages: Page[];
  /**
   * Every output file by path relative to the output directory. A build that wrote its output reads
   * a file's bytes from the output directory when asked (it keeps none). In a dev session, later
   * body edits update this map in place.
   */
  output: ReadonlyMap<string, Uint8Array>;
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
  /** Social images (one per indexable page, shared by equal cards) and how many were drawn (the rest came from the cache). */
  social?: SocialStats;
  /**
   * Pages, and how many were taken from the previous output because their inputs had not changed;
   * `groups`, the files made from every page's record alone (the sitemaps) taken likewise.
   */
  rendered?: { pages: number; reused: number; groups?: SiteWideGroup[] };
  /** The search index: pages indexed and taken from the cache, bytes per host and locale (docs/search.md). */
  search?: SearchStats;
  /** The output's files and bytes by kind, counted as it was made (reading a written output back to count it would cost what streaming it saved). */
  outputCounts?: OutputCounts;
  /** The stage the build was asked to stop after (`stopAfter`): nothing after it ran, nothing was written. */
  stoppedAfter?: Stage;
  /** Set when the previous output was kept as it was (upToDateCheck): its counts, as that build recorded them. */
  upToDate?: { pages: PageCounts; output: OutputCounts };
  /** Set when the whole output was linked from the cache, which held what these very inputs make: the counts its build recorded. */
  restored?: { pages: PageCounts; output: OutputCounts };
}
