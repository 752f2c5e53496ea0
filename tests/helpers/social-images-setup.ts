import { availableParallelism } from 'node:os';
import { build } from '../../src/build.js';
import { bundledWorker } from './build-worker.js';
import { ROOT } from './fixture.js';

/**
 * Once per test run, before any test file: the sample site's social images (1 126 cards) drawn in
 * worker threads on every core, into the default cache folder. Each test process that builds the
 * sample site (tests/helpers/sample-site.ts, the e2e set-up, CLI runs on copies of it) then reads
 * them instead of drawing them all again on its main thread: about 20 s of CPU each. With the
 * cache already warm this takes a second or two (load, parse from the Markdown cache, route).
 */
export default async function warmSocialImages(): Promise<void> {
  const worker = await bundledWorker('social-setup');
  try {
    // Writes nothing but the caches; a sample site that fails to build is reported by the tests that build it.
    await build({ root: ROOT, write: false, cacheWrites: true, stopAfter: 'social', jobs: availableParallelism(), workerScript: worker.script });
  } finally {
    worker.remove();
  }
}
