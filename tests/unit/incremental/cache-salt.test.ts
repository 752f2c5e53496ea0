import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cacheSalt, MARKDOWN_CODE, SITEGEN_CODE } from '../../../src/incremental/cache-salt.js';
import { ROOT } from '../../helpers/fixture.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A new folder with these files (each call a new folder: salts are kept per project root and process). */
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-salt-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const lock = readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
const otherLock = lock.replace(/"version": "[^"]+"/, '"version": "0.0.0-other"');

describe('cache salts', () => {
  it("key the caches by sitegen's own code and lock, run from its checkout, not by the project's src/ or lock", async () => {
    const plain = await cacheSalt(folderWith({ 'package-lock.json': lock }), MARKDOWN_CODE);
    // A project with a src/parse of its own (many have a src/): the same Markdown cache.
    expect(await cacheSalt(folderWith({ 'package-lock.json': lock, 'src/parse/markdown.ts': 'export const mine = 1;\n' }), MARKDOWN_CODE)).toBe(plain);
    // The checkout's packages are the ones loaded, whatever the project's lock says.
    expect(await cacheSalt(folderWith({ 'package-lock.json': otherLock }), MARKDOWN_CODE)).toBe(plain);
    expect(await cacheSalt(ROOT, MARKDOWN_CODE)).toBe(plain);
    expect(await cacheSalt(folderWith({ 'package-lock.json': lock }), SITEGEN_CODE)).not.toBe(plain);
  });

  it("key them by the project's lock where sitegen is installed without one, as npm installs it", async () => {
    const installed = folderWith({ 'src/edge/middleware.ts': '// sitegen\n', 'src/parse/markdown.ts': '// its Markdown code\n' });
    vi.stubEnv('SITEGEN_ROOT', installed);
    try {
      const one = await cacheSalt(folderWith({ 'package-lock.json': lock }), MARKDOWN_CODE);
      expect(await cacheSalt(folderWith({ 'package-lock.json': lock }), MARKDOWN_CODE)).toBe(one);
      expect(await cacheSalt(folderWith({ 'package-lock.json': otherLock }), MARKDOWN_CODE)).not.toBe(one);
      // Its code, not the checkout's.
      expect(one).not.toBe(await cacheSalt(ROOT, MARKDOWN_CODE));
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
