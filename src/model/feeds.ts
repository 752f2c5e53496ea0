import type { Section } from './collections.js';
import type { Locale } from './locale-table.js';

/**
 * Feeds (docs/feeds.md): the sections that have them, and the three formats each is written in.
 * Where a feed lives and what it is called is decided here and nowhere else: render writes the
 * files, the page head links them, robots.txt names them, the hosts serve them by their extension.
 */
export const FEED_SECTIONS = ['blog', 'news', 'release'] as const satisfies readonly Section[];
export type FeedSection = (typeof FEED_SECTIONS)[number];

export type FeedFormat = 'rss' | 'atom' | 'json';

export interface FeedFormatFacts {
  format: FeedFormat;
  /** File name beside the section's list page: /blog/feed.rss. */
  file: string;
  /**
   * The media type of `<link rel="alternate" type>`. Each file's extension gives it its content type
   * on every host with no configuration (.rss application/rss+xml and .atom application/atom+xml in
   * nginx's mime.types and in the mime database Vercel, Netlify and Cloudflare use; .json
   * application/json, which JSON Feed 1.1 accepts).
   */
  type: string;
  /** Name of the format in link titles, the same in every language. */
  name: string;
}

export const FEED_FORMATS: readonly FeedFormatFacts[] = [
  { format: 'rss', file: 'feed.rss', type: 'application/rss+xml', name: 'RSS' },
  { format: 'atom', file: 'feed.atom', type: 'application/atom+xml', name: 'Atom' },
  { format: 'json', file: 'feed.json', type: 'application/feed+json', name: 'JSON Feed' },
];

export function isFeedSection(section: string): section is FeedSection {
  return (FEED_SECTIONS as readonly string[]).includes(section);
}

/** Host-relative path of a section's feed in a locale: /blog/feed.rss, /vn/release/feed.atom. */
export function feedPath(locale: Locale, section: FeedSection, format: FeedFormatFacts): string {
  return `${locale.prefix}/${section}/${format.file}`;
}
