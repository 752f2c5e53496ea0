import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { PublicAsset } from '../model/sources.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import type { OutputFile } from '../model/output-file.js';
import type { ImageFact, ImageFacts, ImageOptions, ImageVariant } from '../model/images.js';

/** The outcome of processing one source image: its size and its encoded variants. */
export interface ProcessedImage {
  width: number;
  height: number;
  variants: (ImageVariant & { bytes: Uint8Array })[];
}

/** Where encoded images are kept between builds (src/incremental/image-cache.ts; memory only in a build that writes nothing). */
export interface ImageCache {
  get(key: string): Promise<ProcessedImage | undefined>;
  set(key: string, image: ProcessedImage): Promise<void>;
}

export interface ImageStats {
  /** Raster images that have variants. */
  images: number;
  /** Of those, how many were encoded in this build (the rest came from the cache or share another's bytes). */
  encoded: number;
}

export interface EncodedImages {
  /** Variant files, host-relative (/assets/images/…); copied to every host like other public files. */
  files: OutputFile[];
  /** Images that could not be read or encoded, by served path, with why. */
  failures: Map<string, string>;
  stats: ImageStats;
}

type RasterFact = Extract<ImageFact, { kind: 'raster' }>;

/**
 * Encodes every raster image's planned variants, or takes them from the cache when the same bytes
 * were encoded with the same options and encoder. sharp does its work off the main thread, so the
 * build starts this right after loading and awaits it only when the pages are rendered.
 */
export async function encodeImages(assets: readonly PublicAsset[], facts: ImageFacts, cache: ImageCache, options: ImageOptions): Promise<EncodedImages> {
  const failures = new Map<string, string>();
  const toEncode: { asset: PublicAsset; fact: RasterFact }[] = [];
  for (const asset of assets) {
    const fact = facts.get(asset.urlPath);
    if (fact?.kind === 'unreadable') failures.set(asset.urlPath, fact.reason);
    else if (fact?.kind === 'raster' && fact.variants.length) toEncode.push({ asset, fact });
  }
  // Each encoding already uses several libvips threads: a few images at a time keep the cores busy
  // without holding every decoded picture in memory at once. Files with the same bytes share one
  // key and are encoded once.
  const limit = Math.max(1, Math.min(4, availableParallelism()));
  const byKey = new Map<string, { asset: PublicAsset; fact: RasterFact }>();
  for (const item of toEncode) if (!byKey.has(item.fact.key)) byKey.set(item.fact.key, item);
  const unique = [...byKey.values()];
  const results = new Map<string, { image: ProcessedImage; cached: boolean } | string>();
  await mapConcurrent(unique, limit, async ({ asset, fact }) => {
    try {
      results.set(fact.key, await variantsOf(asset.bytes, fact, cache, options));
    } catch (error) {
      results.set(fact.key, `the image could not be decoded (${(error as Error).message})`);
    }
  });
  const files: OutputFile[] = [];
  let encoded = 0;
  for (const { asset, fact } of toEncode) {
    const result = results.get(fact.key)!;
    if (typeof result === 'string') {
      failures.set(asset.urlPath, result);
      continue;
    }
    if (!result.cached && byKey.get(fact.key)!.asset === asset) encoded++;
    fact.variants.forEach((planned, i) => files.push({ path: planned.path, contents: result.image.variants[i]!.bytes }));
  }
  return { files, failures, stats: { images: toEncode.length, encoded } };
}

async function variantsOf(source: Uint8Array, fact: RasterFact, cache: ImageCache, options: ImageOptions): Promise<{ image: ProcessedImage; cached: boolean }> {
  const hit = await cache.get(fact.key);
  if (hit && sameVariants(hit, fact)) return { image: hit, cached: true };
  const variants: ProcessedImage['variants'] = [];
  for (const v of fact.variants) {
    const pipeline = sharp(source).rotate().resize(v.width, v.height);
    const encoded = v.format === 'avif' ? pipeline.avif({ quality: options.quality, effort: options.avifEffort }) : pipeline.webp({ quality: options.quality });
    variants.push({ format: v.format, density: v.density, width: v.width, height: v.height, bytes: new Uint8Array(await encoded.toBuffer()) });
  }
  const first = fact.variants.find((v) => v.density === 2) ?? fact.variants[0]!;
  const image: ProcessedImage = { width: first.width, height: first.height, variants };
  // The cache only saves time: a full disk or a read-only cache folder must not fail the build.
  await cache.set(fact.key, image).catch(() => undefined);
  return { image, cached: false };
}

/** A cache entry is used only if it holds exactly the planned variants, in order. */
function sameVariants(image: ProcessedImage, fact: RasterFact): boolean {
  return image.variants.length === fact.variants.length
    && image.variants.every((v, i) => v.format === fact.variants[i]!.format && v.density === fact.variants[i]!.density && v.width === fact.variants[i]!.width && v.height === fact.variants[i]!.height);
}
