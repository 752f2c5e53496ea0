import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BuildResult } from '../../../src/build.js';
import { buildFixture } from '../../helpers/fixture.js';
import { edgeFixtureFiles } from '../../fixtures/edge-fixture.js';

export interface BuiltSite {
  /** The output folder (what `sitegen build` writes to dist/). */
  dir: string;
  result: BuildResult;
}

const built = new Map<string, Promise<BuiltSite>>();

/**
 * The edge fixture (tests/fixtures/edge-fixture.ts) built for `targets` and written to a new temporary
 * folder, once per targets list and test file: netlify and cloudflare both write <host>/_redirects,
 * so they are built separately.
 */
export function buildSiteOnDisk(targets: string): Promise<BuiltSite> {
  let site = built.get(targets);
  if (!site) {
    site = buildFixture(edgeFixtureFiles(targets)).then((result) => {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length) throw new Error(`the fixture does not build: ${errors.map((d) => `${d.code} ${d.message}`).join('\n')}`);
      const dir = mkdtempSync(join(tmpdir(), 'sitegen-hosts-'));
      for (const [path, contents] of result.output) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), contents);
      }
      return { dir, result };
    });
    built.set(targets, site);
  }
  return site;
}
