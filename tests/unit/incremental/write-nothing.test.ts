import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { baseFiles, blogPost, publicFiles, ROOT } from '../../helpers/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-write-nothing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = () => ({ ...baseFiles(), ...publicFiles(), 'content/en/blog/pictured.md': blogPost({ title: 'Pictured' }, `Text.\n\n![A screen](/images/helps/import-cookies.png)\n`) });
const entries = (path: string): string[] => (existsSync(path) ? readdirSync(path, { recursive: true }).map(String) : []);

describe('build({ write: false })', () => {
  it('returns the whole output and writes nothing anywhere: no output folder, no stamp, no Markdown or image cache entry', async () => {
    const cacheDir = join(dir, 'quiet-cache');
    const outDir = join(dir, 'quiet-out');
    const result = await build({ root: ROOT, fs: memorySourceFs(files()), write: false, cacheDir, outDir, jobs: 1 });
    expect(result.ok).toBe(true);
    expect([...result.output.keys()].some((path) => path.endsWith('/blog/pictured.html'))).toBe(true);
    expect(result.images?.images).toBeGreaterThan(0);
    expect(entries(cacheDir)).toEqual([]);
    expect(existsSync(outDir)).toBe(false);
  });

  it('writes cache entries (never output) when asked to, as sitegen dev does, so its next start is fast', async () => {
    const cacheDir = join(dir, 'dev-cache');
    const outDir = join(dir, 'dev-out');
    const result = await build({ root: ROOT, fs: memorySourceFs(files()), write: false, cacheWrites: true, cacheDir, outDir, jobs: 1 });
    expect(result.ok).toBe(true);
    expect(entries(join(cacheDir, 'markdown')).some((path) => path.endsWith('.jsonl'))).toBe(true);
    expect(entries(join(cacheDir, 'images')).some((path) => path.endsWith('manifest.json'))).toBe(true);
    expect(existsSync(outDir)).toBe(false);
  });
});
