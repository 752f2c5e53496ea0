import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { TemplateModule } from '../model/page-props.js';
import { sitegenRoot } from '../fs/sitegen-root.js';

export interface CompiledTemplates extends TemplateModule {
  spriteSvg(): string;
  /** Hash of the compiled code: part of the build id. */
  codeHash: string;
}

const loaded = new Map<string, CompiledTemplates>();

/** The comment esbuild writes above each bundled module (ordinary comments are not kept). */
const MODULE_PATH_COMMENT = /^\/\/ \S+$/gm;

/**
 * Compile templates/ (TSX) for Node with esbuild and import the result. React stays external so the
 * templates and react-dom/server share one React. The module is written with a content hash in its
 * name (an edit gives a new module, an unchanged tree is imported once per process) under the
 * project's node_modules/.cache/sitegen, whatever --cache-dir says: its bare imports (react) must
 * resolve from where it lies, and a cache folder elsewhere (/tmp, a CI cache path) has no
 * node_modules above it. A project without node_modules uses sitegen's own.
 */
export async function compileTemplates(projectRoot: string): Promise<CompiledTemplates> {
  const result = await esbuild.build({
    entryPoints: [join(projectRoot, 'templates/index.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text;
  // esbuild heads each module with a "// path" comment, relative to the working directory: a hash of
  // the code without them stays the same when a file moves or the project sits elsewhere.
  const hash = createHash('sha256').update(code.replace(MODULE_PATH_COMMENT, '')).digest('hex').slice(0, 16);
  const cached = loaded.get(hash);
  if (cached) return cached;
  const modulesDir = existsSync(join(projectRoot, 'node_modules')) ? join(projectRoot, 'node_modules') : join(sitegenRoot(), 'node_modules');
  const dir = join(modulesDir, '.cache/sitegen');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `templates-${hash}.mjs`);
  await writeFile(file, code);
  const module = { ...((await import(pathToFileURL(file).href)) as Omit<CompiledTemplates, 'codeHash'>), codeHash: hash };
  loaded.set(hash, module);
  return module;
}
