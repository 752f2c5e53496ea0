/**
 * The consent rule: tracking and fingerprinting wait for the visitor's consent when their country
 * (from the visitor-IP call of spec §7) is one of config.analytics.consentCountries. The choice is
 * kept in the consent cookie ('granted' or 'denied') for 365 days.
 */
import { COOKIE, COOKIE_DAYS } from '../../src/model/browser-contract.js';
import { getCookie, setCookie } from '../platform/cookies.js';

export type ConsentState = 'granted' | 'denied' | 'ask';


/**
 * - no consent countries configured: 'granted', always;
 * - a stored choice ('granted' / 'denied'): that choice;
 * - a known country outside the list: 'granted';
 * - a country in the list, or an unknown country: 'ask'.
 * Countries compare trimmed and case-insensitively.
 */
export function consentNeeded(country: string | undefined | null, consentCountries: readonly string[] | undefined | null, cookieValue: string | undefined | null): ConsentState {
  const list = (consentCountries ?? []).map(normalise).filter(Boolean);
  if (!list.length) return 'granted';
  if (cookieValue === 'granted' || cookieValue === 'denied') return cookieValue;
  const c = normalise(country);
  if (c && !list.includes(c)) return 'granted';
  return 'ask';
}

function normalise(value: string | undefined | null): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

export function readConsent(doc: Document): 'granted' | 'denied' | undefined {
  const value = getCookie(doc, COOKIE.consent);
  return value === 'granted' || value === 'denied' ? value : undefined;
}

/** What the consent banner calls with the visitor's answer. */
export function recordConsent(doc: Document, granted: boolean): void {
  try {
    setCookie(doc, COOKIE.consent, granted ? 'granted' : 'denied', COOKIE_DAYS.consent);
  } catch {
    // Cookies unavailable: the banner asks again next time.
  }
}
