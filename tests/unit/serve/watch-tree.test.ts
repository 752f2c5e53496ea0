import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTree } from '../../../src/serve/watch-tree.js';

let root: string;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  rmSync(root, { recursive: true, force: true });
});

/** A tree like a content folder, watched; what the watcher reported so far. */
function watched(): (string | null)[] {
  root = mkdtempSync(join(tmpdir(), 'watch-tree-'));
  mkdirSync(join(root, 'en/blog'), { recursive: true });
  writeFileSync(join(root, 'en/blog/a.md'), 'A\n');
  writeFileSync(join(root, 'site.yaml'), 'x: 1\n');
  const seen: (string | null)[] = [];
  stop = watchTree(root, (path) => seen.push(path)).close;
  return seen;
}

describe('watchTree', () => {
  it('names a changed file deep in the tree by its path from the root', async () => {
    const seen = watched();
    writeFileSync(join(root, 'en/blog/a.md'), 'A, edited\n');
    await expect.poll(() => seen).toContain('en/blog/a.md');
    writeFileSync(join(root, 'site.yaml'), 'x: 2\n');
    await expect.poll(() => seen).toContain('site.yaml');
  });

  it('names new, renamed and removed files', async () => {
    const seen = watched();
    writeFileSync(join(root, 'en/blog/new.md'), 'New\n');
    await expect.poll(() => seen).toContain('en/blog/new.md');
    renameSync(join(root, 'en/blog/new.md'), join(root, 'en/blog/moved.md'));
    await expect.poll(() => seen).toContain('en/blog/moved.md');
    rmSync(join(root, 'en/blog/a.md'));
    await expect.poll(() => seen.filter((p) => p === 'en/blog/a.md').length).toBeGreaterThan(0);
  });

  it('reports a new folder as an unknown change, then watches the files in it', async () => {
    const seen = watched();
    mkdirSync(join(root, 'fr/blog'), { recursive: true });
    await expect.poll(() => seen).toContain(null);
    // The new folder's own folder is watched once its parent reported it.
    await expect.poll(() => {
      writeFileSync(join(root, 'fr/blog/b.md'), `B ${seen.length}\n`);
      return seen;
    }).toContain('fr/blog/b.md');
  });

  it('keeps watching a folder that is removed and made again (a git checkout of a branch without it, then back)', async () => {
    const seen = watched();
    rmSync(join(root, 'en/blog'), { recursive: true });
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    mkdirSync(join(root, 'en/blog'));
    await expect.poll(() => {
      writeFileSync(join(root, 'en/blog/c.md'), `C ${seen.length}\n`);
      return seen;
    }).toContain('en/blog/c.md');
    // A folder's removal never reads as a file named after the folder inside it.
    expect(seen).not.toContain('en/blog/blog');
  });

  it('reports nothing after it is closed', async () => {
    const seen = watched();
    stop!();
    stop = undefined;
    writeFileSync(join(root, 'en/blog/a.md'), 'A, edited after close\n');
    // A change it does report, made on a tree watched anew, proves events had time to arrive.
    const again: (string | null)[] = [];
    const other = watchTree(root, (path) => again.push(path));
    writeFileSync(join(root, 'site.yaml'), 'x: 3\n');
    await expect.poll(() => again).toContain('site.yaml');
    other.close();
    expect(seen).toEqual([]);
  });
});
