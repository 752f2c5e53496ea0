import type { WritingScript } from './locale-table.js';

/** Every social image is a PNG of the size Open Graph and X ask for (1.91:1). */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/**
 * Everything a page's social image shows, and what decides how it is drawn: the digest of this and
 * of the drawing's version names the file, so equal cards share one image and a changed title is a
 * new file (docs/social-images.md).
 */
export interface SocialCard {
  /** The page's own title (without the site name), in the page's language. */
  title: string;
  /** The section's name in the page's language; absent where it would repeat the title. */
  label?: string;
  /** The site's name, drawn beside its mark. */
  brand: string;
  /** BCP 47 language of the page: word segmentation (Thai) and line-breaking rules (Korean). */
  lang: string;
  /** Writing system of the page's locale: the Noto Sans family drawn first (Simplified or Traditional Chinese, Japanese or Korean forms of shared ideographs). */
  script: WritingScript;
}

/** A drawn card: the PNG, and the runs of text no bundled font could draw (left out of the picture). */
export interface DrawnCard {
  png: Uint8Array;
  uncovered: string[];
}

/** A page's social image as its head names it. */
export interface SocialImage {
  /** Absolute URL on the page's host. */
  url: string;
  /** What the image shows, in the page's language (og:image:alt). */
  alt: string;
}
