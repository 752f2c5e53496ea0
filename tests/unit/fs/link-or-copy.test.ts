import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepAsLink, linkOrCopy } from '../../../src/fs/link-or-copy.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-link-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const inode = (path: string) => statSync(path).ino;

describe('keepAsLink: a cache file made the same file as an output file', () => {
  it('links a file the cache does not have yet', () => {
    writeFileSync(join(dir, 'out'), 'bytes');
    keepAsLink(join(dir, 'out'), join(dir, 'kept'));
    expect(inode(join(dir, 'kept'))).toBe(inode(join(dir, 'out')));
  });

  it('replaces a cache file that is another file, so an old output changed in place cannot stay in the cache', () => {
    writeFileSync(join(dir, 'out'), 'right bytes');
    writeFileSync(join(dir, 'kept'), 'bytes an old output was changed to');
    keepAsLink(join(dir, 'out'), join(dir, 'kept'));
    expect(inode(join(dir, 'kept'))).toBe(inode(join(dir, 'out')));
    expect(readFileSync(join(dir, 'kept'), 'utf8')).toBe('right bytes');
  });

  it('leaves a cache file that already is the output file: no unlink, no new link', async () => {
    writeFileSync(join(dir, 'kept'), 'bytes');
    linkOrCopy(join(dir, 'kept'), join(dir, 'out'));
    const before = statSync(join(dir, 'kept'));
    // Past the file system's coarse clock tick (a few ms), so that a new link would show in the change time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    keepAsLink(join(dir, 'out'), join(dir, 'kept'));
    const after = statSync(join(dir, 'kept'));
    expect(after.ino).toBe(before.ino);
    // Unlinking and linking again would have changed the inode's change time.
    expect(after.ctimeMs).toBe(before.ctimeMs);
    expect(after.nlink).toBe(2);
  });
});
