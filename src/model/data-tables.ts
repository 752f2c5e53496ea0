import { z } from 'zod';
import { CURRENCY_CODES, HOST_KEYS, LOCALE_CODES } from './locale-table.js';
import { httpUrl, isoDate, slugId } from './field-schemas.js';

const id = slugId;
const localeCode = z.enum(LOCALE_CODES);
const routePath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site route such as /pricing');

/** A plan's value in a comparison row: included or not, or a level whose words are the message levelKey(id). */
const planValue = z.union([z.boolean(), id]);
/** Message keys of the comparison's words, for the pricing template and the check that they exist. */
export const featureNameKey = (featureId: string) => `pricingPage.feature.${featureId}`;
export const levelKey = (level: string) => `pricingPage.level.${level}`;

/** An entry offered in every locale, only in `only`, or in all but `except`. */
const availability = { only: z.array(localeCode).optional(), except: z.array(localeCode).optional() };

/**
 * Cells of the comparison table on the alternatives pages. Values are words, not claims to the
 * unit: a competitor's plans change, so the table says "Limited" or "Depends on plan" rather than
 * a number nobody checks (docs/content.md#comparison-tables).
 */
export const SUPPORT_LEVELS = ['yes', 'limited', 'paid-plans', 'no'] as const;
export const FREE_PLAN_KINDS = ['yes', 'limited', 'trial', 'no'] as const;
export const FINGERPRINT_ENGINES = ['chromium', 'chromium-firefox', 'firefox'] as const;
export const PLATFORMS = ['windows', 'mac', 'linux', 'android', 'ios'] as const;
const support = z.enum(SUPPORT_LEVELS);
/** What PolyBrowser and a competitor are both described by; PolyBrowser's price, plans and platforms come from pricing.yaml and downloads.yaml. */
const sharedCells = {
  fingerprint: z.enum(FINGERPRINT_ENGINES),
  mobile: support,
  api: support,
  synchronizer: support,
  proxyManager: support,
};
const competitorCells = z.object({
  /** USD a month for the cheapest paid plan, shown as "From $X/month". */
  priceFrom: z.number().positive(),
  freePlan: z.enum(FREE_PLAN_KINDS),
  profiles: z.union([z.number().int().positive(), z.literal('by-plan')]),
  members: z.union([z.number().int().positive(), z.enum(['by-plan', 'paid-plans'])]),
  platforms: z.array(z.enum(PLATFORMS)).min(1),
  ...sharedCells,
}).strict();

export const TABLE_SCHEMAS = {
  categories: z.object({
    blog: z.object({ categories: z.array(id).min(1) }).strict(),
    news: z.object({ categories: z.array(id).min(1) }).strict(),
    tags: z.array(id),
  }).strict(),
  alternatives: z.object({
    /** When the competitors' cells were last checked against their public pages (shown under each table). */
    checked: isoDate,
    polybrowser: z.object(sharedCells).strict(),
    competitors: z.array(z.object({ id, name: z.string().min(1), ...availability, compare: competitorCells }).strict()),
  }).strict(),
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
  /** `place: bottom` puts a group's links in the line under the columns, beside the copyright (the legal pages). */
  footer: z.array(z.object({ column: id, links: z.array(routePath).min(1), place: z.enum(['columns', 'bottom']).default('columns') }).strict()),
  pricing: z.object({
    currencies: z.record(z.enum(CURRENCY_CODES), z.object({
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
    /** Rows of the plan comparison after profiles and members: each plan's value is included (true), not (false), or a level. */
    features: z.array(z.object({ id, plans: z.record(id, planValue) }).strict()).default([]),
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

/** FAQ entries; `topic: pricing` also puts an entry on the pricing page. */
export const FAQ_TOPICS = ['pricing'] as const;
export const faqSchema = z.array(z.object({ q: z.string().trim().min(1), a: z.string().trim().min(1), topic: z.enum(FAQ_TOPICS).optional() }).strict());
export type FaqEntry = z.infer<typeof faqSchema>[number];

/** The FAQ entries the pricing page shows (and marks up as its FAQPage). */
export const pricingFaq = (faq: readonly FaqEntry[]): FaqEntry[] => faq.filter((entry) => entry.topic === 'pricing');

type Plan = Tables['pricing']['plans'][number];
/** A plan that costs nothing (in every currency: validate-pricing holds a plan's prices all zero or none). */
export const isFreePlan = (plan: Plan): boolean => Object.values(plan.prices).every((amount) => amount === 0);
