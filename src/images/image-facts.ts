import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { PublicAsset } from '../model/sources.js';
import { cssSize, planVariants, type ImageFormat, type ImageOptions, type ImageVariant } from '../model/images.js';
import type { ImageFact, ImageFacts } from '../model/images.js';

/** The encoder and its version: part of every cache key and variant name, so a new sharp re-encodes. */
export const ENCODER = `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;

const RASTER = /\.(png|jpe?g|gif|webp|avif|tiff?)$/i;

export const isImagePath = (path: string) => RASTER.test(path) || /\.svg$/i.test(path);

/** Facts for every image under content/public, keyed by the path it is served at (/images/x.png). */
export async function readImageFacts(assets: readonly PublicAsset[], options: ImageOptions): Promise<ImageFacts> {
  const read = await Promise.all(assets.map(async (asset): Promise<[string, ImageFact] | undefined> => {
    if (/\.svg$/i.test(asset.urlPath)) return [asset.urlPath, vectorFact(asset.bytes)];
    if (RASTER.test(asset.urlPath)) return [asset.urlPath, await rasterFact(asset, options)];
    return undefined;
  }));
  // In the assets' order, not the order the headers were read in: the facts are hashed into cache keys.
  return new Map(read.filter((entry): entry is [string, ImageFact] => !!entry));
}

/** Cache key of an image's variants: its bytes, the options and the encoder. */
export function imageKey(source: Uint8Array, options: ImageOptions): string {
  return createHash('sha256').update(source).update(JSON.stringify({ quality: options.quality, formats: options.formats, avifEffort: options.avifEffort })).update(ENCODER).digest('hex');
}

async function rasterFact(asset: PublicAsset, options: ImageOptions): Promise<ImageFact> {
  let meta: Metadata;
  try {
    meta = await sharp(asset.bytes).metadata();
  } catch (error) {
    return { kind: 'unreadable', reason: `not a readable image (${(error as Error).message})` };
  }
  if (!meta.width || !meta.height) return { kind: 'unreadable', reason: 'the image has no dimensions' };
  // EXIF orientations 5-8 turn the picture a quarter: the encoder applies them, so the sides swap.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  const key = imageKey(asset.bytes, options);
  // An animated image would lose its frames in a still encoding: it is served as it is.
  const variants = (meta.pages ?? 1) > 1 ? [] : planVariants(width, height, options).map((v) => ({ ...v, path: variantPath(asset.urlPath, key, v.density, v.format) }));
  return { kind: 'raster', ...cssSize(width, height), key, variants };
}

/**
 * Variants live under /assets (served as immutable); the name keeps the source's for people
 * reading the network panel, and the key prefix changes whenever the bytes would.
 */
function variantPath(urlPath: string, key: string, density: number, format: ImageFormat): string {
  const name = urlPath.slice(urlPath.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
  return `/assets/images/${name}-${key.slice(0, 10)}@${density}x.${format}`;
}

/** An SVG's layout size: its width and height attributes in px, or else its viewBox. */
export function vectorFact(bytes: Uint8Array): ImageFact {
  const text = new TextDecoder().decode(bytes.subarray(0, 4096));
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return { kind: 'vector' };
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const px = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const viewBox = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const box = viewBox?.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0 ? viewBox : undefined;
  let width = px(attribute('width'));
  let height = px(attribute('height'));
  if (box && width === undefined && height === undefined) [width, height] = [Math.round(box[2]!), Math.round(box[3]!)];
  else if (box && width !== undefined && height === undefined) height = Math.round((width * box[3]!) / box[2]!);
  else if (box && height !== undefined && width === undefined) width = Math.round((height * box[2]!) / box[3]!);
  return width && height ? { kind: 'vector', width, height } : { kind: 'vector' };
}
