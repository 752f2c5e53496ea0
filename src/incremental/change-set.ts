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
  | { kind: 'full' };

const CONTENT_FILE = /\.(md|ya?ml)$/;

/**
 * Sorts the paths a file watcher reported (from the root) by what they change, reading the files
 * that still exist. A path that is gone matters only if the last build read it or a file below it.
 */
export async function classifyChanges(paths: readonly string[], fs: SourceFs, last: LastBuild): Promise<ChangeSet> {
  const edits: FileEdit[] = [];
  const publicDir = `${last.contentDir}/public/`;
  for (const path of new Set(paths)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name.startsWith('.')) continue; // never read (load-sources.ts)
    let bytes: Uint8Array | undefined;
    try {
      bytes = await fs.readBytes(path);
    } catch {
      return { kind: 'full' }; // a folder (created or moved in), or a file that cannot be read
    }
    if (bytes === undefined) {
      if (last.sources.has(path) || [...last.sources].some((known) => known.startsWith(`${path}/`))) return { kind: 'full' };
      continue;
    }
    if (path.startsWith(publicDir)) return { kind: 'full' };
    if (!CONTENT_FILE.test(name)) continue;
    if (!name.endsWith('.md') || !last.sources.has(path)) return { kind: 'full' };
    const { text, malformed } = decodeSource(bytes);
    if (malformed) return { kind: 'full' }; // a full build reports it (parse-site.ts)
    edits.push({ path, text });
  }
  return edits.length ? { kind: 'markdown', edits } : { kind: 'none' };
}
