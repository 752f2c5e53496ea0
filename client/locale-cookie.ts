import { COOKIE, COOKIE_DAYS } from '../src/model/browser-contract.js';
import { cookieString } from '../src/model/browser-contract.js';

/** Spec §9: the locale cookie lives 365 days, path /, SameSite=Lax. */
export function localeCookie(code: string): string {
  return cookieString(COOKIE.locale, code, COOKIE_DAYS.locale);
}

/** A click on a language-switcher link stores the choice, so the edge sends the visitor there next time. */
export function rememberLocaleChoice(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-locale]');
    const code = link?.getAttribute('data-locale');
    if (code && /^[a-z]{2}$/.test(code)) doc.cookie = localeCookie(code);
  });
}
