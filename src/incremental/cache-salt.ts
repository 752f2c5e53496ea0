import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attempt } from '../fs/attempt.js';
import { sitegenRoot } from '../fs/sitegen-root.js';

/** sitegen's Markdown code, which the Markdown cache depends on besides a body. */
export const MARKDOWN_CODE = ['src/parse', 'src/images/picture.ts', 'src/images/image-facts.ts'];
/**
 * The code that splits and parses front matter, which the front-matter cache depends on besides a
 * file, and the code of what parse learns of a file (LearntMarkdown), which it keeps too.
 */
export const FRONT_MATTER_CODE = ['src/parse/front-matter.ts', 'src/errors/yaml-document.ts', 'src/parse/parse-site.ts', 'src/parse/source-lines.ts', 'src/parse/markdown-jobs.ts', 'src/model/sources.ts'];
/** The search stage's code, which a locale's search index depends on besides its pages' HTML. */
export const SEARCH_CODE = ['src/search', 'src/model/search-part.ts'];
/** All of sitegen, which a page's HTML depends on besides its inputs. */
export const SITEGEN_CODE = ['src'];

/**
 * A digest of what a cache depends on besides its entries' inputs: the locked dependency versions
 * (package-lock.json: remark, rehype, React, Pagefind as sitegen loads them) and
 * sitegen's own sources under `code` (files, or folders read recursively), read where sitegen is
 * installed (sitegenRoot: this checkout, or node_modules/sitegen), not in the project, whose own
 * src/ has nothing to do with it. A new dependency version or a change to that code invalidates the
 * cache; nothing else does.
 */
export function cacheSalt(root: string, code: readonly string[]): Promise<string> {
  // Once per process: it describes the code that is running, which cannot change under it (a
  // sitegen dev session would otherwise read all of src/ again on every rebuild).
  const key = `${root}\0${code.join('\0')}`;
  let salt = salts.get(key);
  if (!salt) {
    const sitegen = sitegenRoot();
    // The lock of the packages sitegen loads: its checkout's, which a checkout building another project
    // (a benchmark's --repo) runs on; an installed sitegen has none (npm packs no lock), and runs on the project's.
    const lock = existsSync(join(sitegen, 'package-lock.json')) ? sitegen : root;
    salts.set(key, (salt = computeSalt([[lock, 'package-lock.json'], ...code.map((path) => [sitegen, path] as const)])));
  }
  return salt;
}

const salts = new Map<string, Promise<string>>();

/** The same digest of the project's own code, read now: its templates and client may change while the process runs. */
export const codeDigest = (root: string, paths: readonly string[]): Promise<string> => computeSalt(paths.map((path) => [root, path] as const));

// Read synchronously: a few hundred small files read one after another, where each await of a
// promise left the thread idle (link-or-copy.ts says why loops of file-system calls are synchronous).
async function computeSalt(places: readonly (readonly [root: string, path: string])[]): Promise<string> {
  const hash = createHash('sha256');
  const add = (root: string, path: string): void => {
    const entries = attempt(() => readdirSync(join(root, path), { withFileTypes: true }));
    if (entries) {
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) add(root, `${path}/${entry.name}`);
      return;
    }
    const bytes = attempt(() => readFileSync(join(root, path)));
    hash.update(path).update('\0').update(bytes ?? 'absent').update('\0');
  };
  for (const [root, path] of places) add(root, path);
  return hash.digest('hex');
}
