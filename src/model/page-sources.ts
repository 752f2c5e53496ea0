// zod/mini, as the other documents shared between the build and its readers (edge-config.ts).
import * as z from 'zod/mini';

/**
 * The page source map (dist/reports/sources.json): for each HTML file of the output, the sources a
 * writer edits to change it. The build writes it (src/render/source-map.ts); `sitegen check` reads
 * it to point a finding at the Markdown or YAML line to change instead of the minified output
 * (src/check/source-places.ts). A document, not an import, so check works on any output folder: one
 * without the map (an older build, a folder assembled by hand) is checked as before, at output places.
 */
export const SOURCE_MAP_PATH = 'reports/sources.json';

/** One place in the sources: a front matter field, a message key, or the body of a Markdown file. */
const sourceRef = z.strictObject({
  /** Project-relative path: content/en/blog/x.md, content/messages/zh.yaml. */
  file: z.string(),
  line: z.optional(z.int()),
  column: z.optional(z.int()),
  /** What to change there: a front matter field (`title`), a message key (`site.description`), or `body`. */
  what: z.string(),
});

/** A site link or image of a Markdown body, where the writer wrote it (the file is the page's entry). */
const bodyRef = z.strictObject({
  host: z.string(),
  /** Host-relative path it points to, as the link check resolves it: /vn/pricing, /images/x.png. */
  path: z.string(),
  line: z.int(),
  column: z.int(),
});

const pageSources = z.strictObject({
  /** The page template (templates/pages/…): what writes everything no content file controls. */
  template: z.string(),
  /** The page's Markdown file, for content pages. */
  entry: z.optional(z.string()),
  /** Where the `<title>` comes from, the part to change first (the site name, which every title ends with, last). */
  title: z.array(sourceRef),
  /** Where `<meta name="description">` comes from. */
  description: z.array(sourceRef),
  /** Site links of the Markdown body (none: left out). */
  links: z.optional(z.array(bodyRef)),
  /** Images of the Markdown body (none: left out). */
  images: z.optional(z.array(bodyRef)),
});

export const sourceMapSchema = z.strictObject({
  version: z.literal(1),
  /** Output path (www.polybrowser.example/vn/pricing.html) → its sources. */
  pages: z.record(z.string(), pageSources),
});

export type SourceRef = z.infer<typeof sourceRef>;
export type BodyRef = z.infer<typeof bodyRef>;
export type PageSources = z.infer<typeof pageSources>;
export type SourceMap = z.infer<typeof sourceMapSchema>;
