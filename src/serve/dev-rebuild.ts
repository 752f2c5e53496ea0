import { build, type BuildOptions, type BuildResult } from '../build.js';
import { nodeSourceFs, type SourceFs } from '../fs/source-fs.js';
import { rebuildBodies } from '../incremental/body-edits.js';
import { classifyChanges, type ChangeSet } from '../incremental/change-set.js';
import type { LastBuild } from '../incremental/last-build.js';
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
  // Any save, one that fails or builds in full too, says the writer is still at it: a waiting
  // catch-up is held while the rebuild runs and waits its quiet time again after it, unless a full
  // build that succeeded made it needless (catch-up.ts).
  const waiting = options.session.catchUpStart;
  waiting?.hold();
  let full = false;
  try {
    const result = await rebuildNow(options, changed, () => (full = true));
    if (full && result?.ok) waiting?.drop();
    return result;
  } finally {
    waiting?.resume();
  }
}

async function rebuildNow(options: BuildOptions & { session: BuildSession }, changed: readonly string[] | undefined, inFull: () => void): Promise<BuildResult | undefined> {
  const { session } = options;
  const last = session.last;
  if (!last || !sameCode(session) || !changed) return (inFull(), build(options));
  const changes = await settledChanges(changed, options.fs ?? nodeSourceFs(options.root), last);
  if (changes.kind === 'none') return undefined;
  if (changes.kind === 'markdown') {
    const incremental = incrementalOptions(options, options.outDir ?? 'dist');
    // The session's memory holds every body of the site: an edited one is new, not in the packs.
    const markdown = await markdownRenderer(incremental, session, { lookInPacks: !session.markdown });
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
  inFull();
  return build(options);
}

/**
 * How often, and until when, files that look half saved are looked at again. The dev server starts a
 * content rebuild on the first event of a save rather than after a debounce (dev-server.ts), so it
 * may come between an editor's rename of the old file and its write of the new one, or between
 * truncating a file and writing it: Vite met the same (vitejs/vite#610) and polls the same way.
 */
export const SAVE_POLL_MS = 10;
export const SAVE_WAIT_MS = 100;

/** The changes once no save looks half done, or as they are after SAVE_WAIT_MS (a file really deleted or emptied). */
async function settledChanges(changed: readonly string[], fs: SourceFs, last: LastBuild): Promise<Exclude<ChangeSet, { kind: 'saving' }>> {
  for (let waited = 0; ; waited += SAVE_POLL_MS) {
    const changes = await classifyChanges(changed, fs, last, { settled: waited >= SAVE_WAIT_MS });
    if (changes.kind !== 'saving') return changes;
    await new Promise((resolve) => setTimeout(resolve, SAVE_POLL_MS));
  }
}

/**
 * Gets a session ready for fast edits after its first build (incremental/warm-up.ts): edits render
 * their few bodies in this thread, and their catch-up edits the source map it reads now.
 */
export async function warmUp(session: BuildSession, stopped?: () => boolean): Promise<void> {
  const first = session.last;
  if (!first) return;
  await warmUpMarkdown(first, renderInThisThread, stopped);
  // An edit made meanwhile gave the session another last build: that is the one to get ready.
  const last = session.last;
  if (stopped?.() || !last) return;
  prepareSourceMap(last);
  // Which articles the feeds list: the first body edit need not sort every section for it (body-edits.ts).
  last.feedFiles ??= filesInFeeds(last.routed.pages, last.site);
}
