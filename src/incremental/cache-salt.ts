import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attempt } from '../fs/attempt.js';

/** What the Markdown cache depends on besides a body: the dependency versions and the Markdown code. */
export const MARKDOWN_CODE = ['package-lock.json', 'src/parse', 'src/images/picture.ts', 'src/images/image-facts.ts'];
/** What the front-matter cache depends on besides a file: the dependency versions and the code that splits and parses it. */
export const FRONT_MATTER_CODE = ['package-lock.json', 'src/parse/front-matter.ts', 'src/errors/yaml-document.ts'];
/** What a locale's search index depends on besides its pages' HTML: the dependency versions (Pagefind's) and the search stage's code. */
export const SEARCH_CODE = ['package-lock.json', 'src/search', 'src/model/search-part.ts'];
/** What a page's HTML depends on besides its inputs: the dependency versions and all of sitegen. */
export const SITEGEN_CODE = ['package-lock.json', 'src'];

/**
 * A digest of code a cache depends on: the locked versions of all dependencies (remark, rehype,
 * React and their plugins among them: package-lock.json) and sitegen's own sources under `paths`
 * (files, or folders read recursively). A new dependency version or a change to that code
 * invalidates the cache; nothing else does.
 */
export function cacheSalt(root: string, paths: readonly string[]): Promise<string> {
  // Once per process: it describes the code that is running, which cannot change under it (a
  // sitegen dev session would otherwise read all of src/ again on every rebuild).
  const key = `${root}\0${paths.join('\0')}`;
  let salt = salts.get(key);
  if (!salt) salts.set(key, (salt = computeSalt(root, paths)));
  return salt;
}

const salts = new Map<string, Promise<string>>();

/** The same digest, read now: for code that may change while the process runs (a project's templates and client). */
export const codeDigest = (root: string, paths: readonly string[]): Promise<string> => computeSalt(root, paths);

// Read synchronously: a few hundred small files read one after another, where each await of a
// promise left the thread idle (link-or-copy.ts says why loops of file-system calls are synchronous).
async function computeSalt(root: string, paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    const entries = attempt(() => readdirSync(join(root, path), { withFileTypes: true }));
    if (entries) {
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) add(`${path}/${entry.name}`);
      return;
    }
    const bytes = attempt(() => readFileSync(join(root, path)));
    hash.update(path).update('\0').update(bytes ?? 'absent').update('\0');
  };
  for (const path of paths) add(path);
  return hash.digest('hex');
}
