import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The packages (names under node_modules) whose modules `node bin/sitegen ...args` loaded. */
function packagesLoaded(name: string, ...args: string[]): Set<string> {
  const record = join(dir, `${name}.txt`);
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(ROOT, 'tests/helpers/record-loads.mjs')).href, join(ROOT, 'bin/sitegen'), ...args], {
    encoding: 'utf8', timeout: 120_000, env: { ...process.env, SITEGEN_RECORD_LOADS: record },
  });
  expect(run.status, run.stderr).toBe(0);
  const urls = readFileSync(record, 'utf8').split('\n');
  // The innermost package of each path (a package may have its own node_modules).
  return new Set(urls.flatMap((url) => [...url.matchAll(/\/node_modules\/((?:@[^/]+\/)?[^/.][^/]*)\//g)].at(-1)?.[1] ?? []));
}

describe('what the CLI loads when it starts', () => {
  it('loads the build\'s packages, not the checks\' HTML validator and XML schema checker (a quarter of a second a build)', () => {
    const loaded = packagesLoaded('version', '--version');
    // The record works: the packages every build needs are in it.
    expect([...loaded].filter((name) => ['commander', 'react-dom', 'unified', 'zod'].includes(name)).sort()).toEqual(['commander', 'react-dom', 'unified', 'zod']);
    expect([...loaded].filter((name) => ['html-validate', 'xmllint-wasm'].includes(name))).toEqual([]);
  });
});
