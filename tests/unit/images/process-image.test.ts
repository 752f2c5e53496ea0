import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskImageCache } from '../../../src/images/image-cache.js';
import { cssSize, planVariants } from '../../../src/images/image-variants.js';
import { ImageError, processImage } from '../../../src/images/process-image.js';

let dir: string;
let png: Uint8Array;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-images-'));
  // A 64x40 picture with detail in it (a gradient), so the encoders have something to encode.
  const pixels = Buffer.alloc(64 * 40 * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([i % 251, (i / 3) % 64 * 4, 128], i);
  png = new Uint8Array(await sharp(pixels, { raw: { width: 64, height: 40, channels: 3 } }).png().toBuffer());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('image variants (spec §9: densities 1 and 2, avif and webp, quality 100)', () => {
  it('takes the source as 2x and halves it for 1x; states the 1x size for layout', () => {
    expect(planVariants(64, 40).map((v) => `${v.format} ${v.density}x ${v.width}x${v.height}`)).toEqual(['avif 1x 32x20', 'avif 2x 64x40', 'webp 1x 32x20', 'webp 2x 64x40']);
    expect(planVariants(1, 1).map((v) => `${v.format} ${v.density}x`)).toEqual(['avif 1x', 'webp 1x']);
    expect(cssSize(64, 40)).toEqual({ width: 32, height: 20 });
  });
});

describe('processImage', () => {
  it('encodes avif and webp at 1x and 2x with the planned dimensions', async () => {
    const { image, cached } = await processImage(png, diskImageCache(join(dir, 'a')));
    expect(cached).toBe(false);
    expect(image).toMatchObject({ width: 64, height: 40 });
    const described = await Promise.all(image.variants.map(async (v) => {
      const meta = await sharp(v.bytes).metadata();
      return `${v.format} ${v.density}x ${meta.format} ${meta.width}x${meta.height}`;
    }));
    expect(described).toEqual(['avif 1x heif 32x20', 'avif 2x heif 64x40', 'webp 1x webp 32x20', 'webp 2x webp 64x40']);
  });

  it('does no encoding on a warm cache, and the cached variants are byte-identical', async () => {
    const cache = diskImageCache(join(dir, 'b'));
    const cold = await processImage(png, cache);
    const warm = await processImage(png, cache);
    expect(warm.cached).toBe(true);
    expect(warm.image.variants.map((v) => Buffer.from(v.bytes).toString('base64'))).toEqual(cold.image.variants.map((v) => Buffer.from(v.bytes).toString('base64')));
  });

  it('ignores a half-written or damaged cache entry and encodes again', async () => {
    const root = join(dir, 'c');
    const cache = diskImageCache(root);
    await processImage(png, cache);
    const [key] = readdirSync(root);
    writeFileSync(join(root, key!, '2x.webp'), 'damaged');
    expect((await processImage(png, cache)).cached).toBe(false);
    rmSync(join(root, key!, 'manifest.json'));
    expect((await processImage(png, cache)).cached).toBe(false);
    expect((await processImage(png, cache)).cached).toBe(true);
  });

  it('refuses a corrupt image with an ImageError', async () => {
    const corrupt = png.slice(0, 60);
    await expect(processImage(corrupt, diskImageCache(join(dir, 'd')))).rejects.toBeInstanceOf(ImageError);
    await expect(processImage(new TextEncoder().encode('not an image'), diskImageCache(join(dir, 'd')))).rejects.toThrow(/not a readable image/);
  });
});
