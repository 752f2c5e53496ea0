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

  it("keeps every part a dev session's build used in memory, however many shards the site has", async () => {
    // 71 parts, as a site of 4000 articles a locale has (14 locales in 5 indexes each, and the runtime).
    const dir = join(root, 'dev-session');
    const keys = Array.from({ length: 71 }, (_, i) => `part ${i}`);
    const first = searchCache({ dir, salt: 'a', writes: true, memory: true });
    for (const key of keys) await first.set(key, entry(key));
    // The next edit's catch-up asks for every part again: from memory, not from the folder (gone here).
    rmSync(dir, { recursive: true });
    const next = searchCache({ dir, salt: 'a', writes: true, memory: true });
    for (const key of keys) expect(text(await next.get(key)), key).toEqual(text(entry(key)));
  });

  it('keeps the entries a build used and the SPARE_ENTRIES most recently used others, once twice as many are unused', async () => {
    const dir = join(root, 'pruned');
    const old = searchCache({ dir, salt: 'a', writes: true });
    for (let i = 0; i < 2 * SPARE_ENTRIES; i++) await old.set(`old ${i}`, entry(`old ${i}`));
    // Up to twice SPARE_ENTRIES unused entries stay: a build adding one more prunes nothing.
    const unpruned = searchCache({ dir, salt: 'a', writes: true });
    await unpruned.set('one more', entry('one more'));
    expect(readdirSync(dir)).toHaveLength(2 * SPARE_ENTRIES + 1);
    // Now 2 × SPARE_ENTRIES + 1 are unused; the first SPARE_ENTRIES + 1 are the least recently used.
    const names = readdirSync(dir);
    for (const [i, name] of names.entries()) utimesSync(join(dir, name), new Date(2000, 0, 1 + i), new Date(2000, 0, 1 + i));
    const build = searchCache({ dir, salt: 'a', writes: true });
    const before = new Set(readdirSync(dir));
    await build.set('new', entry('new'));
    const after = new Set(readdirSync(dir));
    expect(after.size).toBe(SPARE_ENTRIES + 1);
    const removed = [...before].filter((n) => !after.has(n));
    expect(removed.sort()).toEqual([...names].slice(0, SPARE_ENTRIES + 1).sort());
    expect(text(await build.get('new'))).toEqual(text(entry('new')));
  });
});
