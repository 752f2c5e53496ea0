import { availableParallelism } from 'node:os';
import type { ReusedBundles, SiteBundles } from '../bundle/bundle-site.js';
import { perHostTargets } from '../bundle/bundle-site.js';
import type { SiteConfig } from '../model/site-config.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import { workerPool, type WorkerPool } from '../parallel/worker-pool.js';
import type { LastBuild } from './last-build.js';

/** A waiting catch-up's start, as the session holds it (catch-up.ts quietStart). */
export interface CatchUpStart {
  /** Not while a rebuild runs: its pages change under a catch-up that would read them (body-edits.ts puts them in place). */
  hold(): void;
  /** The rebuild is over: the quiet time starts again. */
  resume(): void;
  /** Never starts (the work it would do is done); forgets the edits waiting in it. */
  drop(): void;
  /** Starts at once (a session that closes). */
  now(): void;
}

/**
 * What a series of builds shares (sitegen dev): the worker pool, rendered Markdown in memory, the
 * bundles while their code is unchanged, and the last good build. A single build makes its own,
 * which it closes when done.
 */
export interface BuildSession {
  /** Workers for Markdown (threads) and social images (processes); none with one job, or without the bundled worker script. */
  pool?: WorkerPool;
  /** Rendered Markdown by cache key, kept in memory (a single build reads the disk cache only). */
  markdown?: Map<string, RenderedMarkdown>;
  /** The last successful build: the next build reuses its unchanged pages, or applies an edit to it. */
  last?: LastBuild;
  /** Raised by whoever watches templates/ and client/ when a file there changes: the bundles are made again. */
  codeVersion: number;
  /** The bundles of the last build, the code version they were made from, and the edge bundle's key. */
  bundles?: { codeVersion: number; middlewareKey: string; made: Required<ReusedBundles> };
  /** The page source map and search index following the last body edit, while they are made (catch-up.ts). */
  search?: Promise<void>;
  /** The edited pages of the catch-up that waits to start, which later edits join. */
  catchUpWaiting?: Set<string>;
  /** The waiting catch-up's start: a rebuild holds it, a full build that succeeds drops it, a closing session starts it now (catch-up.ts). */
  catchUpStart?: CatchUpStart;
  /** Milliseconds without a save before a catch-up starts (catch-up.ts CATCH_UP_QUIET_MS by default). */
  catchUpQuietMs?: number;
  /** Set once close() is called: a catch-up that has not started by then never does. */
  closed?: boolean;
  /** Lets the search indexer processes stop, which the session's catch-ups keep up (pagefind-service.ts keepIndexers). */
  releaseIndexers?: () => Promise<void>;
  /** A session of many builds (sitegen dev), rather than the one a single build made for itself. */
  shared: boolean;
  close(): Promise<void>;
}

export function createSession(options: { jobs?: number; workerScript?: string; catchUpQuietMs?: number }, shared = true): BuildSession {
  const jobs = options.jobs ?? availableParallelism();
  const pool = jobs > 1 && options.workerScript ? workerPool(options.workerScript, jobs) : undefined;
  const session: BuildSession = {
    pool, markdown: shared ? new Map() : undefined, codeVersion: 0, shared, catchUpQuietMs: options.catchUpQuietMs,
    close: async () => {
      session.closed = true;
      session.catchUpStart?.now();
      // A catch-up asked for after this point takes no hold of the indexers that nothing would let go.
      const releaseIndexers = (session.releaseIndexers ??= async () => undefined);
      await pool?.close();
      await session.search;
      await releaseIndexers();
    },
  };
  return session;
}

/** Runs one build in the given session, or in a session of its own that is closed afterwards. */
export async function inSession<T>(options: { session?: BuildSession; jobs?: number; workerScript?: string }, run: (session: BuildSession) => Promise<T>): Promise<T> {
  if (options.session) return run(options.session);
  const session = createSession(options, false);
  try {
    return await run(session);
  } finally {
    await session.close();
  }
}

/** A single build needs its workers no more after the stage that used them (parse, social): their memory is given back before render fills the output. */
export async function releaseWorkers(session: BuildSession): Promise<void> {
  if (!session.shared) await session.pool?.close();
}

/** The edge bundle depends on the edge document and the per-host targets. */
const middlewareKey = (config: SiteConfig, edgeJson: string) => `${perHostTargets(config).join(',')} ${edgeJson}`;

/** The bundles a session may keep: templates and client while their code is unchanged, the edge bundle while its inputs are. */
export function reusableBundles(session: BuildSession, config: SiteConfig, edgeJson: string): ReusedBundles {
  const kept = session.bundles;
  if (!kept) return {};
  const code = kept.codeVersion === session.codeVersion ? { templates: kept.made.templates, client: kept.made.client } : {};
  return kept.middlewareKey === middlewareKey(config, edgeJson) ? { ...code, middleware: kept.made.middleware } : code;
}

export function keepBundles(session: BuildSession, config: SiteConfig, edgeJson: string, bundles: SiteBundles): void {
  if (!session.shared) return;
  const { templates, client, middleware } = bundles;
  session.bundles = { codeVersion: session.codeVersion, middlewareKey: middlewareKey(config, edgeJson), made: { templates, client, middleware } };
}

/** Whether the session's bundles were made from the code as it is now (body edits need them so). */
export const sameCode = (session: BuildSession) => session.bundles?.codeVersion === session.codeVersion;
