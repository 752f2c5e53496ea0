import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { baseFiles, blogPost, errorsOf, MAIN, ROOT, simplePage } from '../../helpers/fixture.js';

const parent = mkdtempSync(join(tmpdir(), 'sitegen-streamed-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const site = (budget = 92160) => {
  const files: Record<string, string> = { ...baseFiles(), 'content/en/helps/start.md': simplePage('Start'), 'content/en/blog/first.md': blogPost({ title: 'First' }) };
  files['content/site.yaml'] = files['content/site.yaml']!.replace(/^  budgetGzip: \d+$/m, `  budgetGzip: ${budget}`);
  return files;
};
const toDisk = (files: Record<string, string>, outDir: string) => build({ root: ROOT, fs: memorySourceFs(files), outDir, cacheDir: join(parent, 'cache'), minify: true, jobs: 1 });

/** Every file under a folder with its bytes. */
function snapshot(dir: string): Map<string, string> {
  return new Map(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
    const path = join(e.parentPath, e.name);
    return [relative(dir, path), readFileSync(path, 'latin1')] as const;
  }));
}

describe('a build that writes streams its pages to disk', () => {
  it('writes every page, and its result reads them back from the output rather than holding them', async () => {
    const outDir = join(parent, 'dist-a');
    const result = await toDisk(site(), outDir);
    expect(errorsOf(result)).toEqual([]);
    expect(result.output).not.toBeInstanceOf(Map);
    const page = `${MAIN}/helps/start.html`;
    expect(new TextDecoder().decode(result.output.get(page))).toBe(readFileSync(join(outDir, page), 'utf8'));
    expect(readFileSync(join(outDir, page), 'utf8')).toContain('<h1');
    // A page and its hosting copies are one file.
    expect(statSync(join(outDir, '.vercel/output/static', page)).ino).toBe(statSync(join(outDir, page)).ino);
    expect(result.outputCounts?.files).toBe(result.output.size);
  });

  it('keeps the previous output byte for byte, and leaves no staging folder, when it fails after pages were streamed', async () => {
    const outDir = join(parent, 'dist-b');
    expect(errorsOf(await toDisk(site(), outDir))).toEqual([]);
    const before = snapshot(outDir);
    // Every page renders (and is written to staging) before the JavaScript budget fails the build.
    const failed = await toDisk(site(10_000), outDir); // below the 26.8 kB the heaviest page loads
    expect(failed.ok).toBe(false);
    expect(errorsOf(failed).map((d) => d.code)).toContain('JS_BUDGET_EXCEEDED');
    expect(snapshot(outDir)).toEqual(before);
    expect(readdirSync(parent).filter((name) => name.startsWith('.sitegen-'))).toEqual([]);
  });
});
