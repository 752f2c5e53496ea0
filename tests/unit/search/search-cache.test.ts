import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchCache, SPARE_ENTRIES } from '../../../src/incremental/search-cache.js';
import type { CachedBundle } from '../../../src/search/index-search.js';

const root = mkdtempSync(join(tmpdir(), 'sitegen-search-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const entry = (text: string): CachedBundle => ({
  meta: { languages: { en: { hash: 'en_1', wasm: 'en', page_count: 2 } } },
  files: [{ path: 'index/en_1.pf_index', bytes: new TextEncoder().encode(`index of ${text}`) }, { path: 'fragment/en_2.pf_fragment', bytes: new Uint8Array([0, 1, 2, 255]) }],
});
const text = (value: CachedBundle | undefined) => value && { meta: value.meta, files: value.files.map((f) => ({ path: f.path, bytes: [...f.bytes] })) };

describe('the search cache (src/incremental/search-cache.ts)', () => {
  it('gives back what was kept under a key, byte for byte, and nothing under another key or salt', async () => {
    const dir = join(root, 'plain');
    await searchCache({ dir, salt: 'a', writes: true }).set('en part', entry('en'));
    const next = searchCache({ dir, salt: 'a', writes: true });
    expect(text(await next.get('en part'))).toEqual(text(entry('en')));
    expect(await next.get('vn part')).toBeUndefined();
    // Another search code or Pagefind version (another salt) reuses nothing.
    expect(await searchCache({ dir, salt: 'b', writes: true }).get('en part')).toBeUndefined();
  });

  it('ignores an entry whose bytes are damaged or cut short', async () => {
    const dir = join(root, 'damaged');
    await searchCache({ dir, salt: 'a', writes: true }).set('en part', entry('en'));
    const [name] = readdirSync(dir);
    const file = join(dir, name!);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(await searchCache({ dir, salt: 'a', writes: true }).get('en part')).toBeUndefined();
    writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    expect(await searchCache({ dir, salt: 'a', writes: true }).get('en part')).toBeUndefined();
    writeFileSync(file, 'not a cache entry');
    expect(await searchCache({ dir, salt: 'a', writes: true }).get('en part')).toBeUndefined();
  });

  it('keeps in memory, and writes nothing, for a build that may not write the cache', async () => {
    const dir = join(root, 'read-only');
    await searchCache({ dir, salt: 'a', writes: false }).set('en part', entry('memory'));
    expect(() => readdirSync(dir)).toThrow();
    expect(text(await searchCache({ dir, salt: 'a', writes: false }).get('en part'))).toEqual(text(entry('memory')));
  });

  it('keeps the entries a build used and the most recently used others, up to SPARE_ENTRIES', async () => {
    const dir = join(root, 'pruned');
    const old = searchCache({ dir, salt: 'a', writes: true });
    for (let i = 0; i < SPARE_ENTRIES + 5; i++) await old.set(`old ${i}`, entry(`old ${i}`));
    // The first five are the least recently used.
    const names = readdirSync(dir);
    for (const [i, name] of names.entries()) utimesSync(join(dir, name), new Date(2000, 0, 1 + i), new Date(2000, 0, 1 + i));
    const build = searchCache({ dir, salt: 'a', writes: true });
    const before = new Set(readdirSync(dir));
    await build.set('new', entry('new'));
    const after = new Set(readdirSync(dir));
    expect(after.size).toBe(SPARE_ENTRIES + 1);
    const removed = [...before].filter((n) => !after.has(n));
    expect(removed.sort()).toEqual([...names].slice(0, 5).sort());
    expect(text(await build.get('new'))).toEqual(text(entry('new')));
  });
});
