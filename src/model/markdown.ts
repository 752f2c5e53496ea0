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

/**
 * What only the body's own page shows: its HTML and its headings (a table of contents). A build
 * keeps these out of memory from parse to render (the site's bodies are most of its size: 0.6 GB of
 * HTML at 56 000 articles); a page reads its own entry's with `entry.body.read()`.
 */
export interface BodyContent {
  html: string;
  headings: Heading[];
}

/**
 * Where a build keeps one rendered body: in memory (a dev session, a build that writes nothing), in
 * the Markdown cache's packs, or in the build's spill file (`--no-cache`). `read` gives it back,
 * synchronously (a page renders in one go); it throws when the body is gone from where it was kept.
 */
export interface BodyRef {
  read(): BodyContent;
}

/** A body kept in memory. */
export function bodyInMemory(content: BodyContent): BodyRef {
  return { read: () => content };
}

/** A rendered body as the parse stage keeps it: what other pages and the checks need in memory, the rest in `body`. */
export interface ParsedMarkdown {
  links: ContentLink[];
  excerpt: string;
  digest?: string;
  body: BodyRef;
}

/** A rendered body split into what stays in memory and what is kept out of it (`keep`: where it goes). */
export function parsedMarkdown({ html, headings, links, excerpt, digest }: RenderedMarkdown, keep: (content: BodyContent) => BodyRef = bodyInMemory): ParsedMarkdown {
  return { links, excerpt, ...(digest !== undefined ? { digest } : {}), body: keep({ html, headings }) };
}
