/**
 * Spec §9: images are served at densities 1 and 2, quality 100, as avif and webp. A source image is
 * taken as the 2x rendition (its pixels are the most there are); 1x is half its width. A source too
 * small to halve is served at 1x only.
 */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageVariant {
  format: ImageFormat;
  density: 1 | 2;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Encoder quality, 1-100 (spec: 100). */
  quality: number;
  formats: readonly ImageFormat[];
  /** AVIF encoder effort, 0-9 (speed against size; quality is unchanged). */
  avifEffort: number;
}

export const DEFAULT_IMAGE_OPTIONS: ImageOptions = { quality: 100, formats: IMAGE_FORMATS, avifEffort: 2 };

export function planVariants(width: number, height: number, options: ImageOptions = DEFAULT_IMAGE_OPTIONS): ImageVariant[] {
  const densities: (1 | 2)[] = width >= 2 && height >= 2 ? [1, 2] : [1];
  return options.formats.flatMap((format) => densities.map((density) => {
    if (density === 2 || densities.length === 1) return { format, density, width, height };
    return { format, density, width: Math.round(width / 2), height: Math.round(height / 2) };
  }));
}

/** The size a page lays the image out at (the 1x size), which <img width height> states. */
export function cssSize(width: number, height: number): { width: number; height: number } {
  return width >= 2 && height >= 2 ? { width: Math.round(width / 2), height: Math.round(height / 2) } : { width, height };
}

/** A planned variant and the host-relative URL it is served at. */
export interface PlannedVariant extends ImageVariant {
  path: string;
}

/**
 * What pages need to know about one public image, before any encoding: the size to lay it out at
 * and the URLs of its variants. Reading it takes the file header only, so parse can place
 * <picture> elements while the variants are still being encoded.
 */
export type ImageFact =
  | { kind: 'raster'; width: number; height: number; key: string; variants: PlannedVariant[] }
  | { kind: 'vector'; width?: number; height?: number }
  | { kind: 'unreadable'; reason: string };

export type ImageFacts = ReadonlyMap<string, ImageFact>;
