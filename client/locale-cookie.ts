/** Spec §9: the locale cookie lives 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE = { name: 'myLocale', maxAgeDays: 365 } as const;

export function localeCookie(code: string): string {
  return `${LOCALE_COOKIE.name}=${encodeURIComponent(code)}; Max-Age=${LOCALE_COOKIE.maxAgeDays * 86400}; Path=/; SameSite=Lax`;
}

/** A click on a language-switcher link stores the choice, so the edge sends the visitor there next time. */
export function rememberLocaleChoice(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-locale]');
    const code = link?.getAttribute('data-locale');
    if (code && /^[a-z]{2}$/.test(code)) doc.cookie = localeCookie(code);
  });
}
