import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseFiles, blogPost, publicFiles, ROOT } from '../helpers/fixture.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project of its own (content, copies of templates/ and client/, sitegen's code and packages linked). */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-cli-'));
  dirs.push(root);
  const files = { ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Hello there.\n') };
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  for (const folder of ['templates', 'client']) cpSync(join(ROOT, folder), join(root, folder), { recursive: true });
  for (const folder of ['src', 'node_modules']) symlinkSync(join(ROOT, folder), join(root, folder));
  cpSync(join(ROOT, 'package-lock.json'), join(root, 'package-lock.json'));
  return root;
}

describe('sitegen build --cache-dir', () => {
  // Regression: the compiled templates were written into the cache folder, where `import "react"`
  // found no node_modules, so any --cache-dir outside the project failed with BUNDLE_FAILED.
  it('builds with the cache in a folder outside the project, as a CI cache path would be', () => {
    const root = project();
    const cacheDir = mkdtempSync(join(tmpdir(), 'sitegen-cli-cache-'));
    dirs.push(cacheDir);
    const run = spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '-q'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
    expect(run.stderr).not.toContain('BUNDLE_FAILED');
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(root, 'dist'))).toBe(true);
    expect(readdirSync(join(cacheDir, 'markdown')).length).toBeGreaterThan(0);
  });
});
