// zod/mini: the middleware bundles this schema, and the classic build with its locales is ~400 KB.
import * as z from 'zod/mini';

/**
 * The edge configuration: every redirect rule of spec "Redirects" as data, shared by the builder
 * (which writes it) and the edge middleware (which reads it, from Edge Config or the bundled copy).
 * The document is compact (Edge Config stores hold 8-512 KB): rules are patterns, not one entry per
 * page, and page existence is a Bloom filter rather than a list.
 */
const origin = z.string().check(z.regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/, 'must be an origin such as https://www.example.com'));
const path = z.string().check(z.regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"'));
const absoluteUrl = z.string().check(z.regex(/^https?:\/\/[^\s]+$/, 'must be an absolute http(s) URL'));
const positiveInt = z.int().check(z.positive());

export const edgeConfigSchema = z.strictObject({
  version: z.literal(2),
  /** host key → origin (scheme + hostname); a request for any other hostname passes through. */
  origins: z.record(z.string(), origin),
  /** Every locale: [code, host key, path prefix without slash or ''] in the locale table's order. */
  locales: z.array(z.tuple([z.string(), z.string(), z.string()])),
  /** First path segment (en, zh, ru) → the host of that language; the rest of the path is kept. */
  languageHosts: z.record(z.string(), z.string()),
  /** Exact redirects declared in content (renamed slugs), host key → path → path or absolute URL. */
  redirects: z.record(z.string(), z.record(path, z.union([path, absoluteUrl]))),
  /** Legacy misspelled section segments → the section they mean (soultion → solutions). */
  sections: z.record(z.string(), z.string()),
  /** Spec: on these hosts, blog/news/guide go to the Russian blog. */
  russianBlog: z.strictObject({
    hosts: z.array(z.string()),
    origin,
    sections: z.array(z.string()),
    /** Category list segments (blog-tutorials) → the category named in ?category=. */
    categories: z.record(z.string(), z.string()),
    /** Article id → path on the Russian blog ('' for its home). */
    lookup: z.record(z.string(), z.string()),
  }),
  /** Locale detection on one host's root (docs/design.md "Locales"). */
  detect: z.strictObject({
    host: z.string(),
    cookie: z.string(),
    fallback: z.string(),
    /** Accept-Language tag (or prefix ending in *) → locale code, in match order. */
    languages: z.array(z.tuple([z.string(), z.string()])),
  }),
  /** Bloom filter over "hostKey path" of every page: case folding redirects only to pages. */
  pages: z.strictObject({ bits: positiveInt, hashes: positiveInt, filter: z.base64() }),
  /** Longer request paths get 414 (no real page comes close). */
  maxPathLength: positiveInt,
});

export type EdgeConfig = z.infer<typeof edgeConfigSchema>;

/** The Edge Config item the middleware reads (item keys are [A-Za-z0-9_-], at most 256 characters). */
export const EDGE_CONFIG_ITEM = 'sitegen';
