import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './fixture.js';
import compileOptions from '../../bin/compile-options.json';

/** esbuild's options for the compiled CLI, read by bin/sitegen from the same file. */
export const CLI_COMPILE = compileOptions as esbuild.BuildOptions;

/**
 * The build's worker bundled as bin/sitegen bundles it, with the same options (a worker thread
 * cannot load TypeScript): code splitting makes each task's modules a chunk the worker imports at
 * its first job, as in the compiled CLI. For tests that build with worker threads or processes;
 * `remove` deletes it.
 */
export async function bundledWorker(name: string): Promise<{ script: string; remove(): void }> {
  const folder = join(ROOT, 'node_modules/.cache', `test-${name}-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  await esbuild.build({ ...CLI_COMPILE, entryPoints: { 'build-worker': join(ROOT, 'src/parallel/build-worker.ts') }, outdir: folder });
  return { script: join(folder, 'build-worker.mjs'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
