import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { locationOf } from '../../../src/errors/site-error.js';
import { nodeSourceFs } from '../../../src/fs/source-fs.js';
import { baseFiles, MAIN, ROOT, simplePage } from '../../helpers/fixture.js';

/**
 * Issue 19: symbolic links under content/ were skipped without a word. A link is followed when its
 * target (resolved through every link) stays inside the content folder; any other link is a warning
 * naming it, and nothing outside the content folder is read.
 */

let dir: string;
let outside: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-symlinks-'));
  outside = mkdtempSync(join(tmpdir(), 'sitegen-symlinks-outside-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  for (const [path, text] of Object.entries(baseFiles())) write(path, text);
  write('content/en/helps/real.md', simplePage('Real page'));
  writeFileSync(join(outside, 'secret.md'), simplePage('Secret page'));
  mkdirSync(join(outside, 'helps'));
  writeFileSync(join(outside, 'helps/elsewhere.md'), simplePage('Elsewhere'));
  const link = (path: string, target: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(target, join(dir, path));
  };
  link('content/fr/helps/linked.md', '../../en/helps/real.md'); // a file inside: followed
  link('content/es/helps', '../en/helps'); // a folder inside: followed
  link('content/en/helps/secret.md', join(outside, 'secret.md')); // a file outside: warning
  link('content/pt/helps', join(outside, 'helps')); // a folder outside: warning
  link('content/en/helps/loop', '..'); // a folder inside that contains the link: warning, not walked for ever
  link('content/en/helps/gone.md', 'nothing-here.md'); // a link to nothing: warning
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('symbolic links in the content folder', () => {
  it('are followed inside the content folder and are a warning otherwise, in a real build', async () => {
    const result = await build({ root: ROOT, fs: nodeSourceFs(dir), write: false, minify: true, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const urls = result.pages.map((p) => p.url);
    expect(urls).toEqual(expect.arrayContaining([`https://${MAIN}/helps/real`, `https://${MAIN}/fr/helps/linked`, `https://${MAIN}/es/helps/real`]));
    expect(urls.filter((u) => /secret|elsewhere/.test(u))).toEqual([]);
    const warnings = result.diagnostics.filter((d) => d.code === 'SYMLINK_NOT_FOLLOWED' && !d.file?.startsWith('content/es/')).map((d) => `${locationOf(d)} ${d.message}`);
    expect(warnings).toEqual([
      `content/en/helps/gone.md symbolic link to nothing-here.md, which does not exist: not followed`,
      `content/en/helps/loop symbolic link to .., a folder that holds the link itself: not followed (it would never end)`,
      `content/en/helps/secret.md symbolic link to ${join(outside, 'secret.md')}, outside the content folder: not followed`,
      `content/pt/helps symbolic link to ${join(outside, 'helps')}, outside the content folder: not followed`,
    ]);
    // Through the es/helps link, the en folder's links are met again: reported once each, at their own paths.
    expect(result.diagnostics.filter((d) => d.code === 'SYMLINK_NOT_FOLLOWED' && d.file?.startsWith('content/es/')).map(locationOf)).toEqual([
      'content/es/helps/gone.md', 'content/es/helps/loop', 'content/es/helps/secret.md',
    ]);
  });
});
