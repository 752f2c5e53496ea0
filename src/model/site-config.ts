import { z } from 'zod';
import { httpUrl } from './field-schemas.js';
import { IMAGE_FORMATS } from './images.js';

/** An absolute http(s) origin: scheme and host, no path, query or fragment. */
const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !value.endsWith('/');
  } catch {
    return false;
  }
}, 'must be an origin such as https://www.example.com (http or https, no path, no trailing slash)');

const domain = z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'must be a lowercase domain name such as example.com');

const perHost = <T extends z.ZodType>(value: T) => z.object({ main: value, zh: value, ru: value }).strict();

/** Hosting targets sitegen writes configuration for (README "Hosting"). */
export const HOSTING_TARGETS = ['vercel', 'netlify', 'cloudflare', 'nginx'] as const;

/** Edge Config store sizes: 8 KB Hobby, 64 KB Pro, 512 KB Enterprise. */
const EDGE_BUDGET_DEFAULT = 64 * 1024;

/** Markdown bodies above this many bytes are a warning (issue 19: a 5 MB body built in 24 s without a word). */
const MAX_BODY_BYTES_DEFAULT = 1024 * 1024;

/** 90 KB gzip per page, React included (issue 6). */
const CLIENT_BUDGET_DEFAULT = 90 * 1024;

/**
 * The app types Google's software app rich result accepts as applicationCategory
 * (https://developers.google.com/search/docs/appearance/structured-data/software-app).
 */
export const APPLICATION_CATEGORIES = [
  'GameApplication', 'SocialNetworkingApplication', 'TravelApplication', 'ShoppingApplication', 'SportsApplication',
  'LifestyleApplication', 'BusinessApplication', 'DesignApplication', 'DeveloperApplication', 'DriverApplication',
  'EducationalApplication', 'HealthApplication', 'FinanceApplication', 'SecurityApplication', 'BrowserApplication',
  'CommunicationApplication', 'DesktopEnhancementApplication', 'EntertainmentApplication', 'MultimediaApplication',
  'HomeApplication', 'UtilitiesApplication', 'ReferenceApplication',
] as const;
const APPLICATION_CATEGORY_DEFAULT = 'BrowserApplication';

/** Entries per feed when site.yaml sets none (docs/feeds.md: newest first, full content). */
const FEED_ITEMS_DEFAULT = 20;
/**
 * Pages of a locale in one search index at most (docs/search.md): Pagefind's indexer holds about
 * 140 kB a page while it writes an index, so a 6 000-page locale took 840 MiB in its process and
 * a 1 500-page one 220 MiB. A larger locale is indexed in shards the browser merges.
 */
const PAGES_PER_INDEX_DEFAULT = 1500;

/**
 * A security.txt URI (RFC 9116 §2.5.3): an e-mail address, a telephone number, or a web page, which
 * must be https.
 */
const securityContact = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || ((url.protocol === 'mailto:' || url.protocol === 'tel:') && url.pathname.length > 0);
  } catch {
    return false;
  }
}, 'must be a mailto:, tel: or https:// URI, such as mailto:security@example.com');

const httpsUrl = z.string().refine((value) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an absolute https:// URL (RFC 9116 requires https)');

/** A date (2027-06-30, the start of that day in UTC) or an RFC 3339 time in UTC (2027-06-30T12:00:00Z). */
const EXPIRY_ERROR = 'must be a date such as 2027-06-30 or a UTC time such as 2027-06-30T12:00:00Z';
const expiryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/, EXPIRY_ERROR)
  .refine((value) => {
    const time = expiryOf(value);
    return !Number.isNaN(time.getTime()) && time.toISOString().startsWith(value.slice(0, 10));
  }, EXPIRY_ERROR);

/** A language tag as RFC 5646 spells one (en, zh-CN, pt-BR). */
const languageTag = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en or zh-CN');

export const siteConfigSchema = z.object({
  name: z.string().min(1),
  hosts: perHost(origin),
  russianBlog: origin,
  api: perHost(origin),
  clientApi: httpUrl,
  app: z.object({ registerUrl: httpUrl, loginUrl: httpUrl, appUrl: httpUrl }).strict(),
  ownDomains: z.array(domain).min(1),
  partnerDomains: z.array(domain).default([]),
  analytics: z.object({
    beaconUrl: httpUrl,
    /** AES-GCM key the beacon batch is encrypted with: base64 of 32 bytes. Public by nature (it ships to browsers). */
    beaconKey: z.string().refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v), 'must be base64 of 32 bytes (44 characters ending in "=")'),
    consentCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as DE')).default([]),
  }).strict(),
  social: z.object({ video: httpUrl, chatGroup: httpUrl }).strict(),
  /** Google one-tap sign-in (spec §2); omitted: no prompt. */
  oneTap: z.object({ clientId: z.string().min(1), scriptUrl: httpUrl.default('https://accounts.google.com/gsi/client') }).strict().optional(),
  /** Chat widgets (spec §4): the script loaded when the chat config call fails, and the easemob widget. */
  chat: z.object({ defaultScript: httpUrl, easemobScript: httpUrl }).strict().optional(),
  /** The browser runtime's budget per page (README "Client runtime"). */
  client: z.object({
    /** Largest total of JavaScript a page may load, gzip bytes, React included. */
    budgetGzip: z.number().int().min(1024).default(CLIENT_BUDGET_DEFAULT),
    /** Largest total of render-blocking script (classic scripts in head without async/defer). */
    renderBlockingBudget: z.number().int().min(0).default(0),
  }).strict().default({ budgetGzip: CLIENT_BUDGET_DEFAULT, renderBlockingBudget: 0 }),
  /** Raster images (spec §9: densities 1 and 2, quality 100, avif and webp). */
  images: z.object({
    /** Encoder quality, 1-100. */
    quality: z.number().int().min(1).max(100).default(100),
    /** Formats offered in <picture>, best first; the original file stays the <img> fallback. */
    formats: z.array(z.enum(IMAGE_FORMATS)).min(1).default([...IMAGE_FORMATS]),
    /**
     * AVIF encoder effort, 0 (fastest) to 9. At quality 100 the encoder's own default (4) takes
     * ~5.6 s for a 1600×1000 picture on 2 cores, effort 2 ~1.2 s for a file ~10% larger.
     */
    avifEffort: z.number().int().min(0).max(9).default(2),
  }).strict().default({ quality: 100, formats: [...IMAGE_FORMATS], avifEffort: 2 }),
  pageSize: z.number().int().min(1).max(100).default(9),
  /** JSON-LD facts no content file holds (docs/structured-data.md). */
  structuredData: z.object({
    /** The product's app type, the SoftwareApplication's applicationCategory. */
    applicationCategory: z.enum(APPLICATION_CATEGORIES).default(APPLICATION_CATEGORY_DEFAULT),
  }).strict().default({ applicationCategory: APPLICATION_CATEGORY_DEFAULT }),
  /** Markdown bodies (docs/configuration.md). */
  markdown: z.object({
    /** A body larger than this (UTF-8 bytes, front matter not counted) is a BODY_TOO_LARGE warning. */
    maxBodyBytes: z.number().int().min(1).default(MAX_BODY_BYTES_DEFAULT),
  }).strict().default({ maxBodyBytes: MAX_BODY_BYTES_DEFAULT }),
  /** RSS, Atom and JSON Feed of the blog, news and release notes (docs/feeds.md). */
  feeds: z.object({
    /** Newest entries each feed lists. */
    items: z.number().int().min(1).max(500).default(FEED_ITEMS_DEFAULT),
  }).strict().default({ items: FEED_ITEMS_DEFAULT }),
  /** The search index (docs/search.md). */
  search: z.object({
    /** Pages of a locale in one index: a locale with more is indexed in shards of at most this many, merged by the browser. */
    pagesPerIndex: z.number().int().min(1).default(PAGES_PER_INDEX_DEFAULT),
  }).strict().default({ pagesPerIndex: PAGES_PER_INDEX_DEFAULT }),
  /**
   * The site's icon: an SVG under public/ drawn at build time into favicon.ico, the PNG icons and the
   * web app manifest's icons (docs/feeds.md#icons).
   */
  icons: z.object({
    source: z.string().regex(/^\/[^\s?#]*\.svg$/, 'must be the path of an SVG file under public/, such as /favicon.svg'),
  }).strict().default({ source: '/favicon.svg' }),
  /**
   * /.well-known/security.txt on every host (RFC 9116); omitted: none is written. Canonical is each
   * host's own address. `expires` is written as it is: the build warns when it is near or past.
   */
  security: z.object({
    contact: z.array(securityContact).min(1, 'must name at least one contact (RFC 9116 requires Contact)'),
    expires: expiryDate,
    preferredLanguages: z.array(languageTag).min(1).optional(),
    policy: httpsUrl.optional(),
    acknowledgments: httpsUrl.optional(),
    encryption: httpsUrl.optional(),
    hiring: httpsUrl.optional(),
  }).strict().optional(),
  edge: z.object({
    /** Largest edge document (bytes of minified JSON) the build accepts. */
    budget: z.number().int().min(1024).max(512 * 1024).default(EDGE_BUDGET_DEFAULT),
    /** Which hosting configurations to write besides the edge document and middleware. */
    targets: z.array(z.enum(HOSTING_TARGETS)).default(['vercel']),
  }).strict().default({ budget: EDGE_BUDGET_DEFAULT, targets: ['vercel'] }),
}).strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** security.expires as the instant security.txt states: a date is the start of that day, UTC. */
export function expiryOf(expires: string): Date {
  return new Date(expires.length === 10 ? `${expires}T00:00:00Z` : expires);
}
