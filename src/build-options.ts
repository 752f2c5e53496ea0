import { join } from 'node:path';
import type { SourceFs } from './fs/source-fs.js';
import type { IncrementalOptions } from './incremental/incremental-build.js';
import type { BuildSession } from './incremental/session.js';
import type { Stage } from './pipeline/build-result.js';

export interface BuildOptions {
  /** Project root: templates/ and client/ are read from here. */
  root: string;
  /** Site configuration, relative to root; its folder is the content folder. */
  config?: string;
  /** Output directory, relative to root or absolute. */
  outDir?: string;
  /** false: return the output in memory and write nothing: no output, no stamp, no cache entry. */
  write?: boolean;
  /** Where content is read from (defaults to the real file system under root). */
  fs?: SourceFs;
  /** Where rendered Markdown and encoded images are cached (default node_modules/.cache/sitegen). */
  cacheDir?: string;
  /** false: render all Markdown again and keep nothing (the image and template caches still apply). */
  cache?: boolean;
  /** Write cache entries even though the build writes no output (sitegen dev: the next start is fast). Default: when the build writes. */
  cacheWrites?: boolean;
  /**
   * true (the CLI's way): when nothing the build reads has changed since the previous build of this
   * output, and that output is still as it was written, keep it and return at once. The result then
   * holds no pages or output in memory, only `upToDate`.
   */
  upToDateCheck?: boolean;
  /** Workers for Markdown (threads) and social images (processes), each this many (default: the available cores); 1 renders and draws in this thread. */
  jobs?: number;
  /** The bundled worker (bin/sitegen builds it); without it Markdown renders and social images are drawn in this thread. */
  workerScript?: string;
  /** Shared by a series of builds (sitegen dev): threads, Markdown in memory, the previous output. */
  session?: BuildSession;
  /** Milliseconds from an arbitrary origin, for stage timings. */
  clock?: () => number;
  /**
   * The date and time, read once per build, only to warn about dates in site.yaml that are near
   * (security.expires); no output depends on it. Default: buildDate().
   */
  now?: () => Date;
  /** Called as each stage ends, for progress output. */
  onStage?: (stage: Stage, ms: number) => void;
  /**
   * Called while a long stage runs: `done` of `total` items (parse: Markdown bodies, render: pages,
   * emit: files). Often (once per item): whoever shows it throttles.
   */
  onProgress?: (stage: Stage, done: number, total: number) => void;
  minify?: boolean;
  /**
   * Stop after this stage and write nothing: to time the stages up to it (the benchmark's
   * Markdown-only row is a cold build stopped after parse). The up-to-date check is skipped.
   */
  stopAfter?: Stage;
}

/** The build's options as the incremental layer reads them. */
export function incrementalOptions(options: BuildOptions, outDir: string): IncrementalOptions {
  const write = options.write !== false;
  return {
    root: options.root, outDir, write, minify: options.minify,
    cacheDir: options.cacheDir ?? join(options.root, 'node_modules/.cache/sitegen'),
    cache: options.cache !== false,
    cacheWrites: options.cacheWrites ?? write,
    upToDateCheck: options.upToDateCheck === true && !options.stopAfter,
    wholeOutput: !options.stopAfter,
  };
}

/**
 * Today, for a build: SOURCE_DATE_EPOCH (seconds since 1970) when set, as reproducible builds set
 * it (the test suite does, so that no test changes with the day it runs), else the system clock.
 */
export function buildDate(env: Record<string, string | undefined> = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  return epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
}
