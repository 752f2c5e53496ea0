import { z } from 'zod';
import { HOST_KEYS, LOCALE_CODES } from './locale-table.js';
import { httpUrl, slugId } from './field-schemas.js';

const id = slugId;
const localeCode = z.enum(LOCALE_CODES);
const routePath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site route such as /pricing');

/** An entry offered in every locale, only in `only`, or in all but `except`. */
const availability = { only: z.array(localeCode).optional(), except: z.array(localeCode).optional() };

export const TABLE_SCHEMAS = {
  categories: z.object({
    blog: z.object({ categories: z.array(id).min(1) }).strict(),
    news: z.object({ categories: z.array(id).min(1) }).strict(),
    tags: z.array(id),
  }).strict(),
  alternatives: z.array(z.object({ id, name: z.string().min(1), ...availability }).strict()),
  solutions: z.array(z.object({ id, ...availability }).strict()),
  /** `art` names the feature page's product illustration (illustrationPath, messages look.art.<art>). */
  features: z.array(z.object({ id, icon: id, art: id.optional() }).strict()),
  'use-cases': z.object({
    ids: z.array(id).min(1),
    swap: z.object({ locales: z.array(localeCode), pairs: z.record(id, id) }).strict(),
  }).strict(),
  docs: z.object({
    locales: z.array(localeCode).min(1),
    pages: z.array(z.object({ page: id, ids: z.partialRecord(localeCode, id) }).strict()),
  }).strict(),
  navigation: z.array(z.union([
    z.object({ id, route: routePath }).strict(),
    z.object({ id, url: z.enum(['video', 'chatGroup']) }).strict(),
  ])),
  footer: z.array(z.object({ column: id, links: z.array(routePath).min(1) }).strict()),
  pricing: z.object({
    currencies: z.record(z.enum(['USD', 'BRL', 'PLN', 'VND']), z.object({
      symbol: z.string().min(1),
      position: z.enum(['before', 'after']),
      thousands: z.literal('K').optional(),
    }).strict()),
    plans: z.array(z.object({
      id,
      profiles: z.number().int().positive(),
      members: z.number().int().positive(),
      popular: z.boolean().optional(),
      prices: z.object({ USD: z.number().min(0), BRL: z.number().min(0), PLN: z.number().min(0), VND: z.number().min(0) }).strict(),
    }).strict()).min(1),
  }).strict(),
  downloads: z.array(z.object({
    system: z.string().regex(/^com_[a-z0-9]+$/),
    os: z.enum(['windows', 'mac', 'linux']),
    label: z.string().min(1),
    fallbackUrl: httpUrl,
  }).strict()).min(1),
  links: z.array(z.object({ name: z.string().min(1), url: httpUrl }).strict()),
  'ru-blog': z.record(id, z.union([z.literal(''), z.string().regex(/^\/[A-Za-z0-9\-/_.]*$/, 'must be a path on the Russian blog, or "" for its home')])),
  /** Exact redirects: renamed or retired URLs, per host (paths as visitors typed them). */
  // An empty file (YAML null) is an empty table.
  redirects: z.preprocess((value) => value ?? [], z.array(z.object({
    from: z.string().regex(/^\/[^\s?#]*$/, 'must be a path starting with "/" (no query or fragment)').max(256),
    to: z.union([z.string().regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"'), httpUrl]),
    host: z.enum(HOST_KEYS).default('main'),
  }).strict())),
  /** Old addresses that must keep reaching a page in at most one redirect (checked by `sitegen check`). */
  'legacy-urls': z.preprocess((value) => value ?? [], z.array(httpUrl)),
} as const;

/** Tables a site may leave out, and what they mean when absent. */
export const OPTIONAL_TABLES: Partial<{ [K in keyof typeof TABLE_SCHEMAS]: z.infer<(typeof TABLE_SCHEMAS)[K]> }> = { redirects: [], 'legacy-urls': [] };

export type TableName = keyof typeof TABLE_SCHEMAS;
export type Tables = { [K in TableName]: z.infer<(typeof TABLE_SCHEMAS)[K]> };
export const TABLE_NAMES = Object.keys(TABLE_SCHEMAS) as TableName[];

/**
 * A product illustration by name: wordless SVG artwork under content/public, described in every
 * locale by the message `look.art.<name>` (its alt text).
 */
export const illustrationPath = (name: string): string => `/images/illustrations/${name}.svg`;
export const illustrationAltKey = (name: string): string => `look.art.${name}`;

export const faqSchema = z.array(z.object({ q: z.string().trim().min(1), a: z.string().trim().min(1) }).strict());
export type FaqEntry = z.infer<typeof faqSchema>[number];
