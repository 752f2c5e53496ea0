import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTree } from '../../../src/fs/remove-tree.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-remove-tree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('removeTree', () => {
  it('removes a folder with nested folders and files, and the links in it without following them', () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'kept.txt'), 'kept');
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'a/b/c'), { recursive: true });
    writeFileSync(join(tree, 'top.html'), 'top');
    writeFileSync(join(tree, 'a/b/c/deep.html'), 'deep');
    mkdirSync(join(tree, 'empty'));
    symlinkSync(outside, join(tree, 'a/to-outside'));
    symlinkSync(join(outside, 'kept.txt'), join(tree, 'a/b/file-link'));
    removeTree(tree);
    expect(existsSync(tree)).toBe(false);
    expect(readFileSync(join(outside, 'kept.txt'), 'utf8')).toBe('kept');
  });

  it('does nothing when the folder is not there', () => {
    expect(() => removeTree(join(dir, 'nothing-here'))).not.toThrow();
  });
});
