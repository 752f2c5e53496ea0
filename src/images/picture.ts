import type { ImageFact } from '../model/images.js';

/**
 * How one image is placed in a page, as data: the Markdown renderer turns it into HTML elements
 * and the templates' <Picture> into React ones, so both write the same markup.
 * - A raster image with variants gets a <source> per format (avif first) with 1x and 2x, and the
 *   original file as the <img> fallback.
 * - Every image with a known size states width and height, so the page does not shift as it loads.
 * - Only images that may be in the first screen load eagerly; the rest load lazily.
 */
export interface PictureMarkup {
  sources: { type: string; srcSet: string }[];
  img: { src: string; width?: number; height?: number; loading: 'lazy' | 'eager'; decoding: 'async'; fetchPriority?: 'high' };
}

const MIME = { avif: 'image/avif', webp: 'image/webp' } as const;

export function pictureOf(src: string, fact: ImageFact | undefined, placement: 'lead' | 'eager' | 'lazy'): PictureMarkup {
  const sized = fact && fact.kind !== 'unreadable' && fact.width && fact.height ? { width: fact.width, height: fact.height } : {};
  const sources: PictureMarkup['sources'] = [];
  if (fact?.kind === 'raster') {
    for (const variant of fact.variants) {
      const type = MIME[variant.format];
      let source = sources.find((s) => s.type === type);
      if (!source) sources.push((source = { type, srcSet: '' }));
      source.srcSet += `${source.srcSet ? ', ' : ''}${variant.path} ${variant.density}x`;
    }
  }
  return {
    sources,
    img: {
      src, ...sized,
      loading: placement === 'lazy' ? 'lazy' : 'eager',
      decoding: 'async',
      // The page's lead image is likely its largest paint: fetch it before other images.
      ...(placement === 'lead' ? { fetchPriority: 'high' as const } : {}),
    },
  };
}
