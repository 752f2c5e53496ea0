import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheSalt, MARKDOWN_CODE, SITEGEN_CODE } from '../../../src/incremental/cache-salt.js';
import { ROOT } from '../../helpers/fixture.js';

/** A project folder with sitegen's lock file, and optionally code of its own under src/. */
function project(files: Record<string, string> = {}, lock = readFileSync(join(ROOT, 'package-lock.json'), 'utf8')): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-salt-'));
  writeFileSync(join(dir, 'package-lock.json'), lock);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('cache salts', () => {
  it("key the caches by sitegen's own code and the project's locked dependencies, not by the project's src/", async () => {
    const plain = await cacheSalt(project(), MARKDOWN_CODE);
    // A project with a src/parse of its own (many have a src/): the same Markdown cache.
    expect(await cacheSalt(project({ 'src/parse/markdown.ts': 'export const mine = 1;\n' }), MARKDOWN_CODE)).toBe(plain);
    // sitegen run from its own checkout: its sources are the ones read.
    expect(await cacheSalt(ROOT, MARKDOWN_CODE)).toBe(plain);
    // Another version of a dependency: another salt.
    const lock = readFileSync(join(ROOT, 'package-lock.json'), 'utf8').replace(/"version": "[^"]+"/, '"version": "0.0.0-other"');
    expect(await cacheSalt(project({}, lock), MARKDOWN_CODE)).not.toBe(plain);
    expect(await cacheSalt(project(), SITEGEN_CODE)).not.toBe(plain);
  });
});
