import { build, type BuildResult } from '../../src/build.js';
import type { CheckInput } from '../../src/check/finding.js';
import type { EdgeConfig } from '../../src/model/edge-config.js';
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

/** What `sitegen check` reads of a build: its output files and its edge document. */
export function checkInputOf(result: BuildResult): CheckInput {
  return { files: result.output, edge: JSON.parse(new TextDecoder().decode(result.output.get('edge-config.json')!)) as EdgeConfig };
}

/** What `sitegen check` reads of the sample site, which must have built. */
export async function sampleSiteCheckInput(): Promise<CheckInput> {
  const result = await sampleSite();
  if (!result.ok) throw new Error(`the sample site did not build:\n${result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('\n')}`);
  return checkInputOf(result);
}
