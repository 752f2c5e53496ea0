import sharp, { type Metadata } from 'sharp';
import { imageCacheKey, type ImageCache, type ProcessedImage } from './image-cache.js';
import { DEFAULT_IMAGE_OPTIONS, planVariants, type ImageOptions } from './image-variants.js';

/** A source image that cannot be read: the build names the page that uses it. */
export class ImageError extends Error {
  override name = 'ImageError';
}

export interface ProcessResult {
  image: ProcessedImage;
  /** True when the variants came from the cache and no encoding was done. */
  cached: boolean;
}

const ENCODER = `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;

/**
 * Encodes a raster image (PNG, JPEG, WebP, AVIF, GIF) as avif and webp at 1x and 2x, or takes the
 * result from the cache when the same bytes were processed with the same options and encoder.
 */
export async function processImage(source: Uint8Array, cache: ImageCache, options: ImageOptions = DEFAULT_IMAGE_OPTIONS): Promise<ProcessResult> {
  const key = imageCacheKey(source, options, ENCODER);
  const hit = await cache.get(key);
  if (hit) return { image: hit, cached: true };
  let meta: Metadata;
  try {
    meta = await sharp(source).metadata();
  } catch (error) {
    throw new ImageError(`not a readable image (${(error as Error).message})`);
  }
  if (!meta.width || !meta.height) throw new ImageError('the image has no dimensions');
  // EXIF orientations 5-8 turn the picture a quarter: rotate() applies them, so the sides swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  const variants: ProcessedImage['variants'] = [];
  try {
    for (const v of planVariants(width, height, options)) {
      const pipeline = sharp(source).rotate().resize(v.width, v.height);
      const encoded = v.format === 'avif' ? pipeline.avif({ quality: options.quality }) : pipeline.webp({ quality: options.quality });
      variants.push({ ...v, bytes: new Uint8Array(await encoded.toBuffer()) });
    }
  } catch (error) {
    throw new ImageError(`the image could not be decoded (${(error as Error).message})`);
  }
  const image: ProcessedImage = { width, height, variants };
  await cache.set(key, image);
  return { image, cached: false };
}
