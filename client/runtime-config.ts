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
}

export const RUNTIME_CONFIG_ID = 'sitegen-runtime';

/** Reads the page's runtime configuration; null when the page has none or it does not parse. */
export function readRuntimeConfig(doc: Document): RuntimeConfig | null {
  const text = doc.getElementById(RUNTIME_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}
