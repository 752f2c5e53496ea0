import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeImages } from '../../../src/images/encode-images.js';
import { diskImageCache } from '../../../src/incremental/image-cache.js';
import { readImageFacts, vectorFact } from '../../../src/images/image-facts.js';
import { type ImageFact } from '../../../src/model/images.js';
import { DEFAULT_IMAGE_OPTIONS, planVariants } from '../../../src/model/images.js';
import { pictureOf } from '../../../src/images/picture.js';
import type { PublicAsset } from '../../../src/model/sources.js';

let dir: string;
let png: Uint8Array;
/** A picture with detail in it (a gradient), so the encoders have something to encode. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png', orientation?: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([i % 251, (((i / 3) % width) * 4) % 256, 128], i);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (orientation) image.withMetadata({ orientation });
  return new Uint8Array(await (format === 'png' ? image.png() : image.jpeg()).toBuffer());
}
const asset = (urlPath: string, bytes: Uint8Array): PublicAsset => ({ urlPath, bytes });
const text = (s: string) => new TextEncoder().encode(s);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-images-'));
  png = await picture(64, 40);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('image facts: what a page needs before any encoding', () => {
  it('takes a raster source as 2x: laid out at half its pixels, with avif and webp at 1x and 2x under /assets/images', async () => {
    const facts = await readImageFacts([asset('/images/shots/My Chart.png', png)], DEFAULT_IMAGE_OPTIONS);
    const fact = facts.get('/images/shots/My Chart.png')!;
    expect(fact).toMatchObject({ kind: 'raster', width: 32, height: 20 });
    const hash = fact.kind === 'raster' ? fact.key.slice(0, 10) : '';
    expect(fact.kind === 'raster' && fact.variants.map((v) => `${v.format} ${v.density}x ${v.width}x${v.height} ${v.path}`)).toEqual([
      `avif 1x 32x20 /assets/images/My-Chart-${hash}@1x.avif`,
      `avif 2x 64x40 /assets/images/My-Chart-${hash}@2x.avif`,
      `webp 1x 32x20 /assets/images/My-Chart-${hash}@1x.webp`,
      `webp 2x 64x40 /assets/images/My-Chart-${hash}@2x.webp`,
    ]);
  });

  it('names variants by content and options: other bytes or another quality give other URLs', async () => {
    const other = await picture(64, 41);
    const facts = await readImageFacts([asset('/a.png', png), asset('/b.png', png), asset('/c.png', other)], DEFAULT_IMAGE_OPTIONS);
    const low = await readImageFacts([asset('/a.png', png)], { ...DEFAULT_IMAGE_OPTIONS, quality: 80 });
    const key = (f: ImageFact | undefined) => (f?.kind === 'raster' ? f.key : undefined);
    expect(key(facts.get('/a.png'))).toBe(key(facts.get('/b.png')));
    expect(key(facts.get('/a.png'))).not.toBe(key(facts.get('/c.png')));
    expect(key(facts.get('/a.png'))).not.toBe(key(low.get('/a.png')));
  });

  it('swaps the sides of a photo turned by its EXIF orientation', async () => {
    const turned = await picture(64, 40, 'jpeg', 6);
    const facts = await readImageFacts([asset('/turned.jpg', turned)], DEFAULT_IMAGE_OPTIONS);
    expect(facts.get('/turned.jpg')).toMatchObject({ kind: 'raster', width: 20, height: 32 });
  });

  it('serves an animated GIF as it is (a still encoding would drop its frames)', async () => {
    const frame = (colour: string) => sharp({ create: { width: 8, height: 16, channels: 4, background: colour } }).png().toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } }).gif().toBuffer();
    const facts = await readImageFacts([asset('/spin.gif', new Uint8Array(animated))], DEFAULT_IMAGE_OPTIONS);
    expect(facts.get('/spin.gif')).toMatchObject({ kind: 'raster', width: 4, height: 8, variants: [] });
  });

  it('reads an SVG size from width and height, or from its viewBox', () => {
    expect(vectorFact(text('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 10 10">'))).toEqual({ kind: 'vector', width: 1200, height: 630 });
    expect(vectorFact(text('<?xml version="1.0"?><svg viewBox="0 0 750 120">'))).toEqual({ kind: 'vector', width: 750, height: 120 });
    expect(vectorFact(text('<svg width="300px" viewBox="0 0 600 200">'))).toEqual({ kind: 'vector', width: 300, height: 100 });
    expect(vectorFact(text('<svg width="100%" height="50%">'))).toEqual({ kind: 'vector' });
  });

  it('marks a file that is not an image as unreadable, and leaves other files alone', async () => {
    const facts = await readImageFacts([asset('/fake.png', text('not an image')), asset('/doc.pdf', text('%PDF'))], DEFAULT_IMAGE_OPTIONS);
    expect(facts.get('/fake.png')).toMatchObject({ kind: 'unreadable', reason: expect.stringMatching(/not a readable image/) });
    expect(facts.has('/doc.pdf')).toBe(false);
  });
});

describe('encodeImages', () => {
  const encode = async (assets: PublicAsset[], cacheDir: string) => {
    const facts = await readImageFacts(assets, DEFAULT_IMAGE_OPTIONS);
    return encodeImages(assets, facts, diskImageCache(cacheDir), DEFAULT_IMAGE_OPTIONS);
  };

  it('encodes avif and webp at the planned dimensions, one output file per variant', async () => {
    const result = await encode([asset('/images/a.png', png)], join(dir, 'a'));
    expect(result.stats).toEqual({ images: 1, encoded: 1 });
    const described = await Promise.all(result.files.map(async (file) => {
      const meta = await sharp(file.contents as Uint8Array).metadata();
      return `${file.path.replace(/-[0-9a-f]{10}@/, '@')} ${meta.format} ${meta.width}x${meta.height}`;
    }));
    expect(described).toEqual([
      '/assets/images/a@1x.avif heif 32x20', '/assets/images/a@2x.avif heif 64x40',
      '/assets/images/a@1x.webp webp 32x20', '/assets/images/a@2x.webp webp 64x40',
    ]);
  });

  it('does no encoding on a warm cache, and gives byte-identical files', async () => {
    const cold = await encode([asset('/a.png', png)], join(dir, 'b'));
    const warm = await encode([asset('/a.png', png)], join(dir, 'b'));
    expect(warm.stats).toEqual({ images: 1, encoded: 0 });
    expect(warm.files).toEqual(cold.files);
  });

  it('ignores a damaged or half-written cache entry and encodes again', async () => {
    const root = join(dir, 'c');
    await encode([asset('/a.png', png)], root);
    const [key] = readdirSync(root);
    writeFileSync(join(root, key!, '2x.webp'), 'damaged');
    expect((await encode([asset('/a.png', png)], root)).stats.encoded).toBe(1);
    rmSync(join(root, key!, 'manifest.json'));
    expect((await encode([asset('/a.png', png)], root)).stats.encoded).toBe(1);
    expect((await encode([asset('/a.png', png)], root)).stats.encoded).toBe(0);
  });

  it('encodes files with the same bytes once, and gives each its variants', async () => {
    const result = await encode([asset('/one.png', png), asset('/copy/one.png', png)], join(dir, 'e'));
    expect(result.stats).toEqual({ images: 2, encoded: 1 });
    expect(result.files).toHaveLength(8);
    expect(result.failures.size).toBe(0);
  });

  it('still encodes when the cache cannot be written (the cache only saves time)', async () => {
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the cache folder should be');
    const result = await encode([asset('/a.png', png)], blocked);
    expect(result.failures.size).toBe(0);
    expect(result.stats).toEqual({ images: 1, encoded: 1 });
  });

  it('reports a truncated or fake image as a failure by path and still encodes the others', async () => {
    const result = await encode([asset('/cut.png', png.slice(0, 60)), asset('/fake.png', text('<html>')), asset('/ok.png', png)], join(dir, 'd'));
    expect([...result.failures.keys()].sort()).toEqual(['/cut.png', '/fake.png']);
    expect(result.failures.get('/cut.png')).toMatch(/could not be decoded|not a readable image/);
    expect(result.files).toHaveLength(4);
  });
});

describe('pictureOf', () => {
  it('states the size of vector images and adds sources only for raster ones', () => {
    expect(pictureOf('/v.svg', { kind: 'vector', width: 10, height: 5 }, 'eager')).toEqual({ sources: [], img: { src: '/v.svg', width: 10, height: 5, loading: 'eager', decoding: 'async' } });
    expect(pictureOf('/x.png', { kind: 'unreadable', reason: 'x' }, 'lead')).toEqual({ sources: [], img: { src: '/x.png', loading: 'eager', decoding: 'async', fetchPriority: 'high' } });
  });

  it('serves a picture too small to halve at 1x only', () => {
    expect(planVariants(1, 1).map((v) => `${v.format} ${v.density}x`)).toEqual(['avif 1x', 'webp 1x']);
  });
});
