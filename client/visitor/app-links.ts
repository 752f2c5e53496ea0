/**
 * Spec §5 register/login URLs: the app site wants rel=official_website and lang=<locale> unless the
 * URL already says otherwise. On the page, register links also carry where the visitor came from
 * (from=<page URL>) and the referral code (code=), known only in the browser, so they are added here.
 */
import { appLinkUrl, setMissing, type RuntimeConfig } from '../../src/model/browser-contract.js';
import { parseHttpUrl } from '../platform/urls.js';
import { isReferralCode } from './query.js';

export interface RegisterLinkContext {
  /** The current page URL (location.href); added as from= when it is http(s). */
  pageUrl?: string | undefined;
  /** The visitor's referral code; added as code= when valid. */
  referralCode?: string | undefined;
}

/** appLinkUrl plus the missing from and code parameters of a register link. */
export function registerLinkUrl(url: string, locale: string, context: RegisterLinkContext): string {
  const withApp = appLinkUrl(url, locale);
  let parsed: URL;
  try {
    parsed = new URL(withApp);
  } catch {
    return withApp;
  }
  const page = parseHttpUrl(context.pageUrl);
  if (page) setMissing(parsed, 'from', page.href);
  if (isReferralCode(context.referralCode)) setMissing(parsed, 'code', context.referralCode);
  return parsed.href;
}

/**
 * Rewrites every a[data-app-link="register"|"login"] on the page. The link's own href is kept as the
 * base when it is an absolute http(s) URL, else the configured URL; a link with neither is left alone,
 * so an href is only ever set to an http(s) URL. Never throws.
 */
export function decorateAppLinks(
  doc: Document,
  config: Pick<RuntimeConfig, 'locale' | 'app'>,
  context: RegisterLinkContext = {},
): void {
  let links: HTMLAnchorElement[];
  try {
    links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-app-link="register"], a[data-app-link="login"]')];
  } catch {
    return;
  }
  for (const link of links) {
    try {
      const isRegister = link.getAttribute('data-app-link') === 'register';
      const configured = isRegister ? config.app?.registerUrl : config.app?.loginUrl;
      const base = parseHttpUrl(link.getAttribute('href')) ?? parseHttpUrl(configured);
      if (!base) continue;
      const href = isRegister ? registerLinkUrl(base.href, config.locale, context) : appLinkUrl(base.href, config.locale);
      if (parseHttpUrl(href)) link.setAttribute('href', href);
    } catch {
      // One odd link must not stop the others.
    }
  }
}

