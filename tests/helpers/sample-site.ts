import { build, type BuildResult } from '../../src/build.js';
import { ROOT } from './fixture.js';

let built: Promise<BuildResult> | undefined;

/**
 * The real sample site (content/), built in memory once per test process and shared, read-only, by
 * the files that check it: the unit project runs file after file in one process (isolate: false),
 * so its files ask for it and get the same build.
 */
export function sampleSite(): Promise<BuildResult> {
  built ??= build({ root: ROOT, write: false });
  return built;
}
