import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import type { ImageCache, ProcessedImage } from '../images/encode-images.js';
import type { ImageVariant } from '../model/images.js';

/**
 * Processed images on disk (node_modules/.cache/sitegen/images by default): one folder per key
 * with the variant files and a manifest of their sizes and hashes, written last and renamed into
 * place. A folder without a manifest, or with a variant whose bytes do not match it, is a
 * half-written or damaged entry: it is ignored and the image is processed again. Keys depend on
 * content only, so a CI pipeline can restore the cache from an earlier run.
 */
export function diskImageCache(dir: string): ImageCache {
  return {
    async get(key) {
      let manifest: Manifest;
      try {
        manifest = JSON.parse(await readFile(join(dir, key, 'manifest.json'), 'utf8')) as Manifest;
      } catch {
        return undefined;
      }
      const variants: ProcessedImage['variants'] = [];
      for (const v of manifest.variants) {
        const bytes = await readFile(join(dir, key, fileName(v))).catch(() => undefined);
        if (!bytes || sha256(bytes) !== v.sha256) return undefined;
        variants.push({ format: v.format, density: v.density, width: v.width, height: v.height, bytes: new Uint8Array(bytes) });
      }
      return { width: manifest.width, height: manifest.height, variants };
    },
    async set(key, image) {
      const folder = join(dir, key);
      await mkdir(folder, { recursive: true });
      for (const v of image.variants) await writeFile(join(folder, fileName(v)), v.bytes);
      const manifest: Manifest = { width: image.width, height: image.height, variants: image.variants.map(({ bytes, ...v }) => ({ ...v, sha256: sha256(bytes) })) };
      // Two builds may write one entry at once: each writes its own temporary file.
      await replaceFile(join(folder, 'manifest.json'), JSON.stringify(manifest));
    },
  };
}

interface Manifest {
  width: number;
  height: number;
  variants: (ImageVariant & { sha256: string })[];
}

const fileName = (v: ImageVariant) => `${v.density}x.${v.format}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The same cache, read but never written: a build that writes nothing (build({ write: false })) leaves no entries. */
export function readOnlyImageCache(cache: ImageCache): ImageCache {
  return { get: (key) => cache.get(key), set: async () => undefined };
}
