import { mkdirSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from '../../src/build.js';
import { linkOrCopy } from '../../src/fs/link-or-copy.js';
import { bundledWorker } from './build-worker.js';
import { ROOT } from './fixture.js';

/**
 * Once per test run, before any test file: the sample site's social images (1 126 cards) drawn in
 * the worker pool's processes, one a core, into the default cache folder. Each test process that builds the
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

/** Where the set-up leaves the images: the default cache folder's. */
const DRAWN = join(ROOT, 'node_modules/.cache/sitegen/social');

/**
 * The images the set-up drew, linked into another cache folder: a test that builds a copy of the
 * sample site with a cache folder of its own (a CLI run in a child process) then draws none of them.
 */
export function linkSampleSocialImages(cacheDir: string): void {
  for (const entry of readdirSync(DRAWN, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.png')) continue;
    const to = join(cacheDir, 'social', entry.parentPath.slice(DRAWN.length), entry.name);
    mkdirSync(dirname(to), { recursive: true });
    linkOrCopy(join(entry.parentPath, entry.name), to);
  }
}
