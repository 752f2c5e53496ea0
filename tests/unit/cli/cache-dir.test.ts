import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseFiles, blogPost, projectOnDisk, publicFiles, ROOT } from '../../helpers/fixture.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('sitegen build --cache-dir', () => {
  // Regression: the compiled templates were written into the cache folder, where `import "react"`
  // found no node_modules, so any --cache-dir outside the project failed with BUNDLE_FAILED.
  it('builds with the cache in a folder outside the project, as a CI cache path would be', () => {
    const root = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Hello there.\n') }, 'sitegen-cli-');
    dirs.push(root);
    const cacheDir = mkdtempSync(join(tmpdir(), 'sitegen-cli-cache-'));
    dirs.push(cacheDir);
    const run = spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', cacheDir, '-q'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
    expect(run.stderr).not.toContain('BUNDLE_FAILED');
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(root, 'dist'))).toBe(true);
    expect(readdirSync(join(cacheDir, 'markdown')).length).toBeGreaterThan(0);
  });
});
