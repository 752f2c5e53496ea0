/**
 * What the server and the browser runtime must agree on, in one module both import: cookie names
 * and lifetimes, the Set-Cookie format, the app links' parameters, and the runtime configuration
 * each page embeds. src/ (render, route, edge) and client/ import it; it imports nothing.
 */

export const COOKIE_DAYS = {
  locale: 365,
  referrer: 365,
  referral: 7,
  device: 360,
  consent: 365,
} as const;

/** Cookie and storage names of spec §3 (and two of ours: device id and consent). */
export const COOKIE = {
  locale: 'myLocale',
  referral: '__REF',
  referrer: '_POWER_REFERRER',
  device: '_DEVICE_ID',
  consent: 'sitegen_consent',
} as const;

/** The Set-Cookie-style string for a site cookie: path /, SameSite=Lax, Max-Age in days. */
export function cookieString(name: string, value: string, days: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * 86400)}; Path=/; SameSite=Lax`;
}

/** Adds the missing rel and lang parameters; a URL that does not parse is returned unchanged. Used by the
 * build too (src/render), so the static links and the ones the browser rewrites agree. */
export function appLinkUrl(url: string, locale: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  setMissing(parsed, 'rel', 'official_website');
  setMissing(parsed, 'lang', locale);
  return parsed.href;
}

export function setMissing(url: URL, name: string, value: string): void {
  if (!url.searchParams.has(name)) url.searchParams.set(name, value);
}

/**
 * What the server tells the browser runtime about this page and site: one JSON block per page,
 * written by src/render/runtime-config.ts from content/site.yaml. Nothing here is secret.
 */
export interface RuntimeConfig {
  /** Locale code of the page (en, zh, vn, ...), and its BCP 47 tag. */
  locale: string;
  hreflang: string;
  /** Which of the three hosts serves this page. */
  hostKey: 'main' | 'zh' | 'ru';
  /** API base for this host (spec §7: the API host varies by site domain), no trailing slash. */
  api: string;
  /** Base of the client API (chat choose), ends with "/". */
  clientApi: string;
  app: { registerUrl: string; loginUrl: string; appUrl: string };
  /** Own and partner domains: links and referrers on them are internal (spec §5). */
  ownDomains: string[];
  partnerDomains: string[];
  analytics: {
    beaconUrl: string;
    /** AES-GCM key (base64, 32 bytes) the beacon batch is encrypted with. */
    beaconKey: string;
    /** Countries (ISO 3166) whose visitors are asked for consent before tracking starts. */
    consentCountries: string[];
  };
  oneTap: { clientId: string; scriptUrl: string } | null;
  chat: { defaultScript: string; easemobScript: string } | null;
  /** Identifies the deployed build; /builds/latest.json names the newest one. */
  buildId: string;
  /** Where the fatal error screen goes back to: the site root for ru, the localised blog otherwise. */
  errorBackUrl: string;
  /** The locale's cookie policy, which the consent banner links to (null where the locale has none). */
  cookiePolicyUrl: string | null;
  /** The few messages the runtime shows itself, already in this page's language. */
  messages: RuntimeMessages;
}

export interface RuntimeMessages {
  oneTapFailed: string;
  toastClose: string;
  errorTitle: string;
  errorDetail: string;
  /** Contains "{seconds}". */
  autoRefresh: string;
  back: string;
  consentText: string;
  consentAccept: string;
  consentDecline: string;
  /** The text of the consent banner's link to the cookie policy. */
  consentPolicy: string;
}

export const RUNTIME_CONFIG_ID = 'sitegen-runtime';

/** The domains spec §5 counts as internal: the product's own and its partners' (site.yaml). */
export interface LinkDomains {
  ownDomains: readonly string[];
  partnerDomains: readonly string[];
}

/** True when `hostname` is one of `domains` or a subdomain of one (www.example.com for example.com). */
export function isOnDomains(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * Spec §5: "Links to the product's own or partner domains are internal". The one rule for links in
 * templates and Markdown (no new tab, no external icon there), for referrers (not recorded) and for
 * callbacks (allowed as redirect targets).
 */
export function isInternalHost(hostname: string, domains: LinkDomains): boolean {
  return isOnDomains(hostname, [...domains.ownDomains, ...domains.partnerDomains]);
}

/**
 * The 404 page's path slot: the element with this attribute holds an empty <code> and is hidden in
 * the static file, which every unknown path of a locale shares. Whatever knows the path fills the
 * <code> and shows the element: the edge (src/edge/not-found-page.ts), or on a host without it the
 * client runtime (client/not-found.ts). Without either, no path is shown rather than a wrong one.
 */
export const NOT_FOUND_SLOT = 'data-not-found-path';

/**
 * Where every host serves its search index and Pagefind's search code (src/search writes it,
 * client/search loads `${SEARCH_BUNDLE}/pagefind.js` from the page's own host at the first search).
 */
export const SEARCH_BUNDLE = '/pagefind';

/**
 * Beside the bundle: the shards of each language whose locale has more pages than one index holds
 * (`search.pagesPerIndex`), as `{ "<html lang>": ["<folder>/", …] }` with folders under
 * SEARCH_BUNDLE. The search code merges them into the page's own index (Pagefind's mergeIndex).
 * Every host with a bundle has it, `{}` when no locale is sharded.
 */
export const SEARCH_SHARDS = `${SEARCH_BUNDLE}/sitegen-shards.json`;

/** The folder, under SEARCH_BUNDLE, of shard `n` (1, 2, …) of a locale's index: src/search names it, client/search accepts no other shape. */
export const shardFolder = (locale: string, n: number): string => `${locale}-${n}/`;
export const SHARD_FOLDER = /^[a-z]+-\d+\/$/;
