import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { TemplateModule } from '../render/render-site.js';

export interface CompiledTemplates extends TemplateModule {
  spriteSvg(): string;
  /** Hash of the compiled code: part of the build id. */
  codeHash: string;
}

const loaded = new Map<string, CompiledTemplates>();

/**
 * Compile templates/ (TSX) for Node with esbuild and import the result. React stays external so the
 * templates and react-dom/server share one React. The module is written under the cache directory
 * (inside node_modules, so its bare imports resolve) with a content hash in its name: an edit gives
 * a new module, an unchanged tree is imported once per process.
 */
export async function compileTemplates(projectRoot: string, cacheDir: string): Promise<CompiledTemplates> {
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
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const cached = loaded.get(hash);
  if (cached) return cached;
  await mkdir(cacheDir, { recursive: true });
  const file = join(cacheDir, `templates-${hash}.mjs`);
  await writeFile(file, code);
  const module = { ...((await import(pathToFileURL(file).href)) as Omit<CompiledTemplates, 'codeHash'>), codeHash: hash };
  loaded.set(hash, module);
  return module;
}
