import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseFiles, blogPost, buildFixture, errorsOf, htmlAt, MAIN, RU, ZH } from '../../helpers/fixture.js';
import { parseHtml } from '../../helpers/html.js';

let cacheRoot: string;
let png: Uint8Array;
beforeAll(async () => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'sitegen-image-build-'));
  const pixels = Buffer.alloc(80 * 50 * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([i % 251, (i * 7) % 256, 90], i);
  png = new Uint8Array(await sharp(pixels, { raw: { width: 80, height: 50, channels: 3 } }).png().toBuffer());
});
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

const post = (body: string, cover?: string) => blogPost(cover ? { cover } : {}, body);

describe('images in pages', () => {
  it('serves Markdown and cover images as <picture> with avif and webp at 1x and 2x, sized, on every host', async () => {
    // React warns (console.error) about a DOM property it does not know, such as `fetchpriority` spelt as the attribute.
    const consoleErrors = vi.spyOn(console, 'error');
    const result = await buildFixture({
      ...baseFiles(),
      'content/public/images/shot.png': png,
      'content/public/images/cover.png': png,
      'content/en/blog/a.md': post('Intro.\n\n![The profile list](/images/shot.png)\n', '/images/cover.png'),
    }, { cacheDir: join(cacheRoot, 'pages') });
    const reactWarnings = consoleErrors.mock.calls.map((args) => String(args[0]));
    consoleErrors.mockRestore();
    expect(errorsOf(result)).toEqual([]);
    const html = htmlAt(result, `${MAIN}/blog/a.html`);
    const pictures = html.match(/<picture>.*?<\/picture>/g) ?? [];
    expect(pictures).toHaveLength(2);
    const [cover, shot] = pictures;
    // The cover is the page's lead image: fetched early. The body image below it loads lazily.
    // React writes the attribute as its prop is spelt (fetchPriority, like srcSet); HTML attribute names are case-insensitive.
    expect(cover).toMatch(/<img class="article-cover" alt="" src="\/images\/cover.png" width="40" height="25" loading="eager" decoding="async" fetchPriority="high"\/?>/);
    expect(parseHtml(html).querySelector('img.article-cover')!.getAttribute('fetchpriority')).toBe('high');
    expect(shot).toMatch(/<img src="\/images\/shot.png" alt="The profile list" width="40" height="25" loading="lazy" decoding="async">/);
    expect(reactWarnings).toEqual([]);
    const srcsets = [...shot!.matchAll(/<source type="(image\/\w+)" srcset="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(srcsets).toEqual([
      expect.stringMatching(/^image\/avif \/assets\/images\/shot-[0-9a-f]{10}@1x\.avif 1x, \/assets\/images\/shot-[0-9a-f]{10}@2x\.avif 2x$/),
      expect.stringMatching(/^image\/webp \/assets\/images\/shot-[0-9a-f]{10}@1x\.webp 1x, \/assets\/images\/shot-[0-9a-f]{10}@2x\.webp 2x$/),
    ]);
    for (const url of shot!.match(/\/assets\/images\/[^ "]+/g)!) {
      for (const host of [MAIN, ZH, RU]) expect(result.output.has(`${host}${url}`), `${host}${url}`).toBe(true);
    }
    const avif2x = result.output.get(`${MAIN}${shot!.match(/\/assets\/images\/[^ "]+@2x\.avif/)![0]}`)!;
    expect(await sharp(avif2x).metadata()).toMatchObject({ format: 'heif', width: 80, height: 50 });
    // The list's first card shows the cover too, eagerly (it may be in the first screen).
    expect(htmlAt(result, `${MAIN}/blog.html`)).toMatch(/<img class="card-cover" alt="" src="\/images\/cover.png" width="40" height="25" loading="eager"/);
  });

  it('does no image work on a warm build, and its output is byte-identical to the cold one', async () => {
    const files = { ...baseFiles(), 'content/public/images/shot.png': png, 'content/en/blog/a.md': post('![x](/images/shot.png)\n') };
    const cacheDir = join(cacheRoot, 'warm');
    const cold = await buildFixture(files, { cacheDir });
    const warm = await buildFixture(files, { cacheDir });
    expect(cold.images).toEqual({ images: 1, encoded: 1 });
    expect(warm.images).toEqual({ images: 1, encoded: 0 });
    const differing = [...cold.output].filter(([path, bytes]) => Buffer.compare(Buffer.from(bytes), Buffer.from(warm.output.get(path) ?? [])) !== 0).map(([path]) => path);
    expect(differing).toEqual([]);
    expect(warm.output.size).toBe(cold.output.size);
  });

  it('fails the build on a corrupt image, naming every page and the line and column that show it', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/public/images/broken.png': png.slice(0, 70),
      'content/public/images/unused.jpg': new TextEncoder().encode('<html>not a picture</html>'),
      'content/en/blog/a.md': post('Intro.\n\nSee ![broken](/images/broken.png) here.\n'),
      'content/en/blog/b.md': post('Text.\n', '/images/broken.png'),
    }, { cacheDir: join(cacheRoot, 'corrupt') });
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map((d) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column}`)).toEqual([
      'IMAGE_UNREADABLE content/en/blog/a.md:12:5',
      'IMAGE_UNREADABLE content/en/blog/b.md:8:8',
    ]);
    expect(errorsOf(result)[0]!.message).toMatch(/image \/images\/broken.png on this page cannot be used: the image could not be decoded/);
    expect(errorsOf(result)[0]!.frame).toContain('![broken](/images/broken.png)');
    expect(result.diagnostics.find((d) => d.file === 'content/public/images/unused.jpg')).toMatchObject({ code: 'IMAGE_UNREADABLE', severity: 'warning' });
  });

  it('fails the build on a missing Markdown image, at its line and column', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/en/blog/a.md': post('![gone](/images/gone.png)\n') }, { cacheDir: join(cacheRoot, 'missing') });
    expect(errorsOf(result).map((d) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column}`)).toEqual(['MISSING_ASSET content/en/blog/a.md:10:1']);
  });
});
