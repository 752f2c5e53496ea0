import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './fixture.js';

/**
 * The build's worker thread bundled as bin/sitegen bundles it (a worker thread cannot load
 * TypeScript), for tests that build with worker threads. `remove` deletes it again.
 */
export async function bundledWorker(name: string): Promise<{ script: string; remove(): void }> {
  const script = join(ROOT, 'node_modules/.cache', `test-${name}-${process.pid}.mjs`);
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  await esbuild.build({ entryPoints: [join(ROOT, 'src/parallel/build-worker.ts')], outfile: script, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' });
  return { script, remove: () => rmSync(script, { force: true }) };
}
