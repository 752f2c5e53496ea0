import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { frontMatterCache } from '../../../src/incremental/front-matter-cache.js';
import { splitFrontMatter } from '../../../src/parse/front-matter.js';

const article = '---\ntitle: Hello\ndate: 2026-01-02\ncategory: tutorials\ntags: [a, b]\n---\n\nBody **text**\n';
const file = 'content/en/blog/hello.md';

let dir: string;
const cachePath = () => join(dir, 'front-matter.json');
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A cache saved by one build, opened by the next. */
async function savedThenReopened(sources: string[], salt = 's1') {
  dir = mkdtempSync(join(tmpdir(), 'fm-cache-'));
  const first = await frontMatterCache(cachePath(), salt);
  for (const source of sources) first.split(source, file);
  await first.save();
  return frontMatterCache(cachePath(), salt);
}

describe('front-matter cache', () => {
  it('gives the value, body and line offset of a real split, without parsing YAML again', async () => {
    const cache = await savedThenReopened([article]);
    const stored = JSON.parse(readFileSync(cachePath(), 'utf8'));
    expect(Object.keys(stored.entries)).toHaveLength(1);
    const cached = cache.split(article, file);
    const real = splitFrontMatter(article, file);
    expect(cached.frontMatter!.value).toEqual(real.frontMatter!.value);
    expect(cached.body).toBe(real.body);
    expect(cached.bodyLineOffset).toBe(real.bodyLineOffset);
    expect(cached.diagnostics).toEqual([]);
  });

  it('still places a field at its line and column when a diagnostic asks', async () => {
    const cache = await savedThenReopened([article]);
    const cached = cache.split(article, file).frontMatter!;
    const real = splitFrontMatter(article, file).frontMatter!;
    expect(cached.positionOf(['category'])).toEqual({ line: 4, column: 11 });
    expect(cached.positionOf(['tags', 1])).toEqual(real.positionOf(['tags', 1]));
    expect(cached.keyPositionOf(['date'])).toEqual(real.keyPositionOf(['date']));
  });

  it('keeps no file whose split reported a problem, and none whose value JSON would change', async () => {
    const broken = '---\ntitle: [unclosed\n---\nBody\n';
    const infinite = '---\ntitle: x\norder: .inf\n---\nBody\n';
    await savedThenReopened([broken, infinite, article]);
    const stored = JSON.parse(readFileSync(cachePath(), 'utf8'));
    expect(Object.keys(stored.entries)).toHaveLength(1);
    const cache = await frontMatterCache(cachePath(), 's1');
    expect(cache.split(broken, file).diagnostics[0]?.code).toBe('YAML_SYNTAX');
    expect(cache.split(infinite, file).frontMatter!.value).toMatchObject({ order: Infinity });
  });

  it('keeps only what the last build used, and nothing from another salt or a damaged file', async () => {
    const other = article.replace('Hello', 'Other');
    const cache = await savedThenReopened([article, other]);
    cache.split(other, file);
    await cache.save();
    expect(Object.keys(JSON.parse(readFileSync(cachePath(), 'utf8')).entries)).toHaveLength(1);
    const salted = await frontMatterCache(cachePath(), 's2');
    expect(salted.split(other, file).frontMatter!.value).toMatchObject({ title: 'Other' });
    writeFileSync(cachePath(), '{"salt":"s1","entries":{"x":');
    const damaged = await frontMatterCache(cachePath(), 's1');
    expect(damaged.split(article, file).frontMatter!.value).toMatchObject({ title: 'Hello' });
  });

  it('writes nothing when read-only', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fm-cache-'));
    const cache = await frontMatterCache(cachePath(), 's1', { readOnly: true });
    cache.split(article, file);
    await cache.save();
    expect(() => readFileSync(cachePath())).toThrow();
  });
});
