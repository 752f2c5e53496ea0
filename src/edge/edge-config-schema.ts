import { z } from 'zod';

/**
 * The edge configuration: every redirect rule of spec "Redirects" as data, shared by the builder
 * (which writes it) and the edge middleware (which reads it, from Edge Config or the bundled copy).
 * Keys are short and the document compact: Edge Config stores are 8-512 KB.
 */
export const edgeConfigSchema = z.object({
  version: z.literal(1),
  /** host key → hostname, and which locale each host serves at its root. */
  hosts: z.record(z.string(), z.object({ name: z.string(), locale: z.string() }).strict()),
  /** Path prefixes of the locales that live under a prefix on the main host (vn, es, ...). */
  prefixes: z.array(z.string()),
  /** /ru, /zh, /en + rest of path → that language's host, keeping path and query (301). */
  languageHosts: z.array(z.object({ prefix: z.string(), host: z.string() }).strict()),
  /** Exact paths whose lowercase spelling is the page (/Pricing → /pricing). */
  lowercase: z.array(z.string()),
  /** Legacy misspelled section prefixes → the section they mean. */
  sections: z.array(z.object({ from: z.string(), to: z.string() }).strict()),
  /** Normalisation applied in the same hop as any other redirect. */
  normalize: z.object({ collapseSlashes: z.boolean(), trailingSlash: z.boolean(), htmlSuffix: z.boolean() }).strict(),
  /** Spec: on the ru host, blog/news/guide go to the Russian blog. */
  russianBlog: z.object({
    hosts: z.array(z.string()),
    origin: z.string(),
    sections: z.array(z.string()),
    /** Article id → path on the Russian blog ('' for its home). */
    lookup: z.record(z.string(), z.string()),
  }).strict(),
  /** Locale detection on the main host's root (DESIGN.md "Locales"). */
  detect: z.object({
    cookie: z.string(),
    fallback: z.string(),
    /** Accept-Language tag (or prefix ending in *) → locale code, in match order. */
    languages: z.array(z.tuple([z.string(), z.string()])),
  }).strict(),
}).strict();

export type EdgeConfig = z.infer<typeof edgeConfigSchema>;
