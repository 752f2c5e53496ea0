import type { RuntimeConfig } from '../model/browser-contract.js';
import type { SiteConfig } from '../model/site-config.js';
import type { Locale } from '../model/locale-table.js';
import type { Translate } from '../model/page-props.js';

/**
 * The browser runtime's view of the site configuration for one page (client/runtime-config.ts).
 * Only public facts go here: it is embedded in every page.
 */
export function runtimeConfigOf(config: SiteConfig, locale: Locale, t: Translate, options: { buildId: string; errorBackUrl: string; cookiePolicyUrl: string | undefined }): RuntimeConfig {
  return {
    locale: locale.code,
    hreflang: locale.hreflang,
    hostKey: locale.host,
    api: config.api[locale.host],
    clientApi: config.clientApi,
    app: config.app,
    ownDomains: config.ownDomains,
    partnerDomains: config.partnerDomains,
    analytics: { beaconUrl: config.analytics.beaconUrl, beaconKey: config.analytics.beaconKey, consentCountries: config.analytics.consentCountries },
    oneTap: config.oneTap ? { clientId: config.oneTap.clientId, scriptUrl: config.oneTap.scriptUrl } : null,
    chat: config.chat ? { defaultScript: config.chat.defaultScript, easemobScript: config.chat.easemobScript } : null,
    buildId: options.buildId,
    errorBackUrl: options.errorBackUrl,
    cookiePolicyUrl: options.cookiePolicyUrl ?? null,
    messages: {
      oneTapFailed: t('oneTap.failed'),
      toastClose: t('widgets.toastClose'),
      errorTitle: t('error.502msg1'),
      errorDetail: t('error.502msg2'),
      autoRefresh: t('error.autoRefresh'),
      back: t('error.back'),
      consentText: t('consent.text'),
      consentAccept: t('consent.accept'),
      consentDecline: t('consent.decline'),
      consentPolicy: t('pageParts.consentPolicy'),
    },
  };
}
