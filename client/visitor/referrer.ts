/**
 * Spec §5: "a referrer is recorded only if not from own domains". The _POWER_REFERRER cookie keeps
 * the last external http(s) referrer for 365 days, so a later registration can be credited to it;
 * navigation inside our own or partner sites never overwrites it.
 */
import { COOKIE, COOKIE_DAYS } from '../../src/model/browser-contract.js';
import { getCookie, setCookie } from '../platform/cookies.js';
import { isInternalHost, parseHttpUrl } from '../platform/urls.js';
import type { LinkDomains } from '../../src/model/browser-contract.js';
import { attempt } from './tolerant.js';

export type DomainConfig = LinkDomains;

/** Longer referrers are cut to their origin, so the cookie stays well under the browser's 4 KB. */
export const MAX_REFERRER_LENGTH = 1024;

/** The referrer as stored when it is an external http(s) URL; undefined for internal or junk values. */
export function externalReferrer(referrer: string | null | undefined, config: DomainConfig): string | undefined {
  const url = parseHttpUrl(referrer);
  if (!url || isInternalHost(url.hostname, config)) return undefined;
  return url.href.length > MAX_REFERRER_LENGTH ? `${url.origin}/` : url.href;
}

/** Writes _POWER_REFERRER from doc.referrer when external; returns what was written. Never throws. */
export function rememberReferrer(doc: Document, config: DomainConfig): string | undefined {
  const referrer = attempt(() => externalReferrer(doc.referrer, config), undefined);
  if (referrer) attempt(() => setCookie(doc, COOKIE.referrer, referrer, COOKIE_DAYS.referrer), undefined);
  return referrer;
}

/** The external referrer kept in the cookie, re-checked since cookies can be edited by anyone. */
export function storedReferrer(doc: Document, config: DomainConfig): string | undefined {
  return attempt(() => externalReferrer(getCookie(doc, COOKIE.referrer), config), undefined);
}
