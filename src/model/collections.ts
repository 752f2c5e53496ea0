import { z } from 'zod';
import { httpUrl, isoDate } from './field-schemas.js';

/**
 * Front matter of each content section. Objects are strict: a misspelt field (`categroy`) is an
 * error rather than silently ignored.
 */
const sitePath = z.string().regex(/^\/[^\s]*$/, 'must be a site path starting with "/"');

const common = {
  title: z.string().trim().min(1, 'must not be empty').max(200),
  description: z.string().trim().min(1, 'must not be empty').max(400),
  /** Overrides the URL slug (the file name stays the page's id across locales). */
  slug: z.string().optional(),
  seo_title: z.string().trim().min(1).max(200).optional(),
  seo_keywords: z.string().trim().min(1).max(400).optional(),
  seo_description: z.string().trim().min(1).max(400).optional(),
  draft: z.boolean().default(false),
  /** Old addresses of this page (a renamed slug, or a locale-relative path): each redirects here. */
  aliases: z.array(z.string().regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*|\/[^\s?#]+)$/, 'must be an old slug (old-name) or an old path (/old/path)')).max(50).optional(),
};

const articleFields = {
  ...common,
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string().trim().min(1),
  cover: sitePath.optional(),
};

/**
 * The structure of a use-case or solution page (issue 20): the visitor's problem, how PolyBrowser
 * helps (the Markdown body), the features it uses (ids of data/features.yaml, checked against the
 * table at validation) and a call to action (the template's). Both are required so that every such
 * page has all four parts.
 */
const problemSolutionFields = {
  problem: z.string().trim().min(1, 'must not be empty').max(600),
  features: z.array(z.string()).min(1, 'must name at least one feature of data/features.yaml').max(6, 'must name at most 6 features: the ones this page is about'),
};

export const SECTION_SCHEMAS = {
  blog: z.object({ ...articleFields, category: z.string(), tags: z.array(z.string()).default([]) }).strict(),
  news: z.object({ ...articleFields, category: z.string(), tags: z.array(z.string()).default([]) }).strict(),
  guide: z.object({ ...articleFields, author: articleFields.author.optional() }).strict(),
  helps: z.object({ ...common, date: isoDate.optional(), updated: isoDate.optional() }).strict(),
  docs: z.object({ ...common, order: z.number().int().min(0), updated: isoDate.optional() }).strict(),
  release: z.object({ ...common, version: z.string().regex(/^\d+\.\d+(\.\d+)?$/, 'must be a version such as "3.1.0" (quote it)'), date: isoDate }).strict(),
  partner: z.object({ ...common, website: httpUrl, updated: isoDate.optional() }).strict(),
  alternatives: z.object({ ...common, updated: isoDate.optional() }).strict(),
  solutions: z.object({ ...common, ...problemSolutionFields, updated: isoDate.optional() }).strict(),
  'use-cases': z.object({ ...common, ...problemSolutionFields, updated: isoDate.optional() }).strict(),
  features: z.object({ ...common, updated: isoDate.optional() }).strict(),
  pages: z.object({ ...common, updated: isoDate.optional() }).strict(),
} as const;

export type Section = keyof typeof SECTION_SCHEMAS;
export const SECTIONS = Object.keys(SECTION_SCHEMAS) as Section[];

export type SectionMeta<S extends Section> = z.infer<(typeof SECTION_SCHEMAS)[S]>;
export type AnyMeta = SectionMeta<Section>;

/** Sections listed with categories and tags, rendered as /blog, /blog-{category}, /blog-{category}/{tag}. */
export const CATEGORISED_SECTIONS = ['blog', 'news'] as const;
/** Sections that belong to the blog and are replaced by the Russian blog where a locale has none. */
export const BLOG_SECTIONS: readonly Section[] = ['blog', 'news', 'guide'];
/** Legal pages: Markdown under <locale>/pages, linked from the footer and the consent banner, no call to action. */
export const LEGAL_PAGES = ['privacy-policy', 'terms-of-use', 'cookie-policy'] as const;
/** Standalone pages written in Markdown under <locale>/pages. */
export const MARKDOWN_PAGES = ['about-us', 'partner-plan', 'referral-program', 'pre-sales', ...LEGAL_PAGES] as const;
/** Sections whose pages have the problem / how it helps / features / call-to-action structure. */
export const PROBLEM_SOLUTION_SECTIONS: readonly Section[] = ['use-cases', 'solutions'];

/** Sections whose front matter takes a `cover`: each of their articles shows one (src/images/article-covers.ts draws it when none is set). */
export function takesCover(section: Section): boolean {
  return Object.hasOwn(SECTION_SCHEMAS[section].shape, 'cover');
}

export function isSection(value: string): value is Section {
  return Object.hasOwn(SECTION_SCHEMAS, value);
}
