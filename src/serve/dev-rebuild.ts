import { build, type BuildOptions, type BuildResult } from '../build.js';
import { nodeSourceFs } from '../fs/source-fs.js';
import { rebuildBodies } from '../incremental/body-edits.js';
import { classifyChanges } from '../incremental/change-set.js';
import { markdownRenderer, searchCacheOf } from '../incremental/incremental-build.js';
import { catchUp, prepareSourceMap } from '../incremental/catch-up.js';
import { sameCode, type BuildSession } from '../incremental/session.js';
import { warmUpMarkdown } from '../incremental/warm-up.js';
import { renderInThisThread } from '../parse/markdown-jobs.js';
import { filesInFeeds } from '../render/feeds.js';
import { incrementalOptions } from '../build-options.js';

/**
 * A dev session's next build after these files changed (paths from the root; undefined when not
 * known). Edits to Markdown bodies alone are applied to the last build (incremental/body-edits.ts),
 * in milliseconds; anything else is a full build, which still reuses every unchanged page.
 * Undefined when nothing the build reads changed (an editor's temporary file).
 */
export async function rebuild(options: BuildOptions & { session: BuildSession }, changed: readonly string[] | undefined): Promise<BuildResult | undefined> {
  const { session } = options;
  // Any save, one that fails or builds in full too, says the writer is still at it: the catch-up waits (catch-up.ts).
  session.catchUpStart?.postpone();
  const last = session.last;
  if (!last || !sameCode(session) || !changed) return fullBuild(options);
  const changes = await classifyChanges(changed, options.fs ?? nodeSourceFs(options.root), last);
  if (changes.kind === 'none') return undefined;
  if (changes.kind === 'markdown') {
    const incremental = incrementalOptions(options, options.outDir ?? 'dist');
    const markdown = await markdownRenderer(incremental, session);
    const applied = await rebuildBodies(last, changes.edits, markdown, options.clock ?? (() => performance.now())).finally(() => markdown.close());
    if (applied) {
      if (applied.last) {
        session.last = applied.last;
        // The pages are served now; the source map and the search index catch up in the background (session.search).
        void catchUp(session, await searchCacheOf(incremental), applied.edited ?? []);
      }
      return applied.result;
    }
  }
  return fullBuild(options);
}

/** A full build of the session: one that succeeds wrote the source map and the search index, so a catch-up still waiting has nothing left to do. */
async function fullBuild(options: BuildOptions & { session: BuildSession }): Promise<BuildResult> {
  const result = await build(options);
  if (result.ok) options.session.catchUpStart?.drop();
  return result;
}

/**
 * Gets a session ready for fast edits after its first build (incremental/warm-up.ts): edits render
 * their few bodies in this thread, and their catch-up edits the source map it reads now.
 */
export async function warmUp(session: BuildSession, stopped?: () => boolean): Promise<void> {
  const last = session.last;
  if (!last) return;
  await warmUpMarkdown(last, renderInThisThread, stopped);
  if (stopped?.()) return;
  prepareSourceMap(last);
  // Which articles the feeds list: the first body edit need not sort every section for it (body-edits.ts).
  last.feedFiles ??= filesInFeeds(last.routed.pages, last.site);
}
