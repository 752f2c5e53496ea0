import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './fixture.js';

/**
 * The build's worker bundled as bin/sitegen bundles it (a worker thread cannot load TypeScript):
 * with code splitting, so each task's modules are a chunk the worker imports at its first job, as
 * in the compiled CLI. For tests that build with worker threads or processes; `remove` deletes it.
 */
export async function bundledWorker(name: string): Promise<{ script: string; remove(): void }> {
  const folder = join(ROOT, 'node_modules/.cache', `test-${name}-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  await esbuild.build({
    entryPoints: { 'build-worker': join(ROOT, 'src/parallel/build-worker.ts') },
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return { script: join(folder, 'build-worker.mjs'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
