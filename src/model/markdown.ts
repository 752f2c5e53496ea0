import type { SourcePosition } from '../errors/site-error.js';
import type { HostKey } from './locale-table.js';

/** What rendering one Markdown body gives: the parse stage makes it, an entry carries it. */

/** A link or image reference found in a Markdown body, for the link check after routing. */
export interface ContentLink {
  /** image: the src of an <img>; asset: a link to a file; page: a link to a page. */
  kind: 'page' | 'asset' | 'image';
  /** Host-relative path the link points to (no query or fragment). */
  path: string;
  host: HostKey;
  /** The href as the writer wrote it. */
  written: string;
  position: SourcePosition;
}

/** A heading of a Markdown body, as rendered (h2–h6: a written h1 is demoted, the template owns the page's h1). */
export interface Heading {
  id: string;
  text: string;
  depth: number;
  /** Where it is written in its file, for checks of heading levels. */
  position: SourcePosition;
}

export interface RenderedMarkdown {
  html: string;
  links: ContentLink[];
  headings: Heading[];
  /** Plain text of the first paragraph, for descriptions that fall back to the body. */
  excerpt: string;
  /**
   * A digest of everything this rendering depended on (the Markdown cache's key: the body, its
   * context, the facts of the images it names and the Markdown code): equal digests, equal
   * rendering. Set by the cache; absent when a build renders without one.
   */
  digest?: string;
}
