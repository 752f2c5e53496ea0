import type { SourceFs } from '../fs/source-fs.js';
import { decodeSource } from '../model/sources.js';
import type { LastBuild } from './last-build.js';
import type { FileEdit } from './body-edits.js';

/** What a set of changed paths means for the next build. */
export type ChangeSet =
  /** Nothing the build reads: editors' temporary and backup files, files that are not content. */
  | { kind: 'none' }
  /** Markdown files that existed in the last build, with their new text. */
  | { kind: 'markdown'; edits: FileEdit[] }
  /** Anything else: a new, deleted or renamed file or folder, YAML, a public file. */
  | { kind: 'full' }
  /**
   * A file the last build read is gone, or a Markdown file it read is empty: what an editor's save
   * looks like half done (one that renames the old file away before it writes the new one, or
   * truncates the file before it writes). Only when the caller did not say the files are `settled`.
   */
  | { kind: 'saving'; path: string };

const CONTENT_FILE = /\.(md|ya?ml)$/;

/**
 * Sorts the paths a file watcher reported (from the root) by what they change, reading the files
 * that still exist. A path that is gone matters only if the last build read it or a file below it.
 * Unless `settled`, a save that looks half done (`saving`) comes first: whatever else changed is
 * best read once it is over.
 */
export async function classifyChanges(paths: readonly string[], fs: SourceFs, last: LastBuild, { settled = false } = {}): Promise<ChangeSet> {
  const edits: FileEdit[] = [];
  const publicDir = `${last.contentDir}/public/`;
  let full = false;
  for (const path of new Set(paths)) {
    // Past the first reason to build in full, the rest matters only for a save half done.
    if (full && settled) break;
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name.startsWith('.')) continue; // never read (load-sources.ts)
    let bytes: Uint8Array | undefined;
    try {
      bytes = await fs.readBytes(path);
    } catch {
      full = true; // a folder (created or moved in), or a file that cannot be read
      continue;
    }
    if (bytes === undefined) {
      if (last.sources.has(path) && !settled) return { kind: 'saving', path };
      if (last.sources.has(path) || [...last.sources].some((known) => known.startsWith(`${path}/`))) full = true;
      continue;
    }
    if (path.startsWith(publicDir)) {
      full = true;
      continue;
    }
    if (!CONTENT_FILE.test(name)) continue;
    if (!name.endsWith('.md') || !last.sources.has(path)) {
      full = true;
      continue;
    }
    if (bytes.length === 0 && last.texts.get(path) && !settled) return { kind: 'saving', path };
    const { text, malformed } = decodeSource(bytes);
    if (malformed) full = true; // a full build reports it (parse-site.ts)
    else edits.push({ path, text });
  }
  if (full) return { kind: 'full' };
  return edits.length ? { kind: 'markdown', edits } : { kind: 'none' };
}
