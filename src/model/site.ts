import type { SourceText } from '../errors/code-frame.js';
import type { SourcePlace } from '../errors/site-error.js';
import type { AnyMeta, Section } from './collections.js';
import type { FaqEntry, Tables } from './data-tables.js';
import type { ImageFact, ImageFacts } from './images.js';
import type { OutputBytes } from './output-file.js';
import type { HostKey, LocaleCode } from './locale-table.js';
import type { BodyRef, ContentLink } from './markdown.js';
import type { SiteConfig } from './site-config.js';
/** The site after validation: what route, render and the incremental layer work from. */

/**
 * One Markdown file of the site, validated. Its text is not kept (a diagnostic reads the file again
 * for its code frame), nor its rendered body: `entry.body.read()` gives the body's HTML and headings
 * (model/markdown.ts), from memory or from where the build keeps bodies.
 */
export interface Entry {
  file: string;
  locale: LocaleCode;
  section: Section;
  id: string;
  /** URL segment: front matter `slug`, else the id. */
  slug: string;
  meta: AnyMeta & { category?: string; tags?: string[]; date?: string; updated?: string; author?: string; cover?: string; version?: string; website?: string; order?: number; problem?: string; features?: string[] };
  /** The rendered body (HTML and headings): `entry.body.read()`. */
  body: BodyRef;
  links: ContentLink[];
  excerpt: string;
  /** The rendered Markdown's digest, when the Markdown cache gave one (model/markdown.ts). */
  digest?: string;
  /** Old addresses from front matter `aliases`, each with its place in the file. */
  aliases: { alias: string; place: SourcePlace }[];
  /** Site images the page shows (its cover, then its Markdown images), each with its place in the file. */
  images: { path: string; place: SourcePlace }[];
  /** The lines of the file's top-level front matter keys and of its body's first text (the page source map). */
  lines: SourceLines;
}

/** Where a Markdown file's top-level front matter keys and its body's first text are: line numbers, 1-based. */
export interface SourceLines {
  /** Line of each top-level key, in a plain object (a Map per file cost four times the memory); read with Object.hasOwn. */
  keys: Readonly<Record<string, number>>;
  bodyStart: number | undefined;
}

/** One row of content/data/redirects.yaml with its place, for redirect-graph errors. */
export interface RedirectRow {
  from: string;
  to: string;
  host: HostKey;
  place: SourcePlace;
}

/** A file made by the build for the pages of one host, served at `path` there only. */
export interface DrawnFile {
  host: HostKey;
  path: string;
  /** Its bytes, or the file they were written to as soon as they were drawn (a build that writes: 56 000 covers are 130 MB). */
  bytes: OutputBytes;
  fact: ImageFact;
}

export interface ValidSite {
  /** The content folder (the folder of site.yaml): file names in diagnostics start with it. */
  contentDir: string;
  config: SiteConfig;
  entries: Entry[];
  tables: Tables;
  messages: Map<LocaleCode, Map<string, string>>;
  faq: Map<LocaleCode, FaqEntry[]>;
  /** content/public's files by the path every host serves them at. */
  assets: Map<string, Uint8Array>;
  /** Size and variants of content/public's images (a drawn file has its own). */
  images: ImageFacts;
  /** Files the build drew for the pages of one host: the covers of articles without one (images/article-covers.ts). */
  drawn?: DrawnFile[];
  redirects: RedirectRow[];
  /** A content file's text, read again (the site's Markdown is not kept): for the code frames of diagnostics found after parse. */
  sourceText: SourceText;
}
