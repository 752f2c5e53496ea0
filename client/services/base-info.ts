/**
 * Spec §7 home base-info: read once per page (and again on a locale change); a failed call gives
 * empty data. Applied to the page: app links (register/login) and the statistics scripts. Only
 * `<script src>` with an http(s) src is taken from statistical_body; inline code never runs.
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import { appLinkUrl } from '../../src/model/browser-contract.js';
import { parseHttpUrl } from '../platform/urls.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { scriptSources } from './load-script.js';

export interface BaseInfo {
  title?: string;
  keywords?: string;
  description?: string;
  register_url?: string;
  login_url?: string;
  statistical_body?: string;
  statistical_title?: string;
}

export type ReportError = (error: unknown, context: { trigger: 'api error' }) => void;

export interface ApplyBaseInfoDeps {
  config: Pick<RuntimeConfig, 'locale'>;
  reportError: ReportError;
}

/** Marks statistics scripts this module added, so a re-run does not add them twice. */
export const STAT_SCRIPT_ATTRIBUTE = 'data-sitegen-stat';

export async function fetchBaseInfo(api: ApiClient, config: Pick<RuntimeConfig, 'api' | 'locale'>): Promise<BaseInfo> {
  try {
    const response = await api<BaseInfo>({ url: apiUrl(config.api, 'home/base-info'), query: { lang: config.locale, type: 'home' } });
    const data = response.data;
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

/** A register/login URL from the API: http(s) only, then spec §5's rel and lang (client/visitor/app-links.ts). */
export function serverAppLink(value: unknown, locale: string): string | undefined {
  return typeof value === 'string' && parseHttpUrl(value) ? appLinkUrl(value, locale) : undefined;
}

/** The http(s) script URLs of statistical_body, in order, without duplicates. */
export function statisticsScripts(body: unknown, doc?: Document): string[] {
  if (typeof body !== 'string') return [];
  const urls = scriptSources(body, doc).map((src) => parseHttpUrl(src)?.href).filter((src): src is string => !!src);
  return [...new Set(urls)];
}

export function applyBaseInfo(doc: Document, info: BaseInfo, deps: ApplyBaseInfoDeps): void {
  for (const [kind, value] of [['register', info.register_url], ['login', info.login_url]] as const) {
    const href = serverAppLink(value, deps.config.locale);
    if (!href) continue;
    for (const link of doc.querySelectorAll<HTMLAnchorElement>(`a[data-app-link="${kind}"]`)) link.href = href;
  }
  injectStatistics(doc, info.statistical_body, deps.reportError);
}

function injectStatistics(doc: Document, body: unknown, reportError: ReportError): void {
  let sources: string[];
  try {
    sources = statisticsScripts(body, doc);
  } catch (error) {
    reportError(error, { trigger: 'api error' });
    return;
  }
  const present = new Set([...doc.querySelectorAll(`script[${STAT_SCRIPT_ATTRIBUTE}]`)].map((s) => s.getAttribute('src')));
  for (const src of sources) {
    if (present.has(src)) continue;
    try {
      const script = doc.createElement('script');
      script.async = true;
      script.src = src;
      script.setAttribute(STAT_SCRIPT_ATTRIBUTE, '');
      script.addEventListener('error', () => reportError(new Error(`statistics script failed to load: ${src}`), { trigger: 'api error' }), { once: true });
      (doc.head ?? doc.documentElement).appendChild(script);
    } catch (error) {
      reportError(error, { trigger: 'api error' });
    }
  }
}

/** Fetches and applies base-info (call again after a locale change); never rejects. */
export async function startBaseInfo(deps: ApplyBaseInfoDeps & { api: ApiClient; config: Pick<RuntimeConfig, 'api' | 'locale'>; doc: Document }): Promise<BaseInfo> {
  const info = await fetchBaseInfo(deps.api, deps.config);
  applyBaseInfo(deps.doc, info, deps);
  return info;
}
