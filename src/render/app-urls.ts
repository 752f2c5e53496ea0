import type { LocaleCode } from '../locales/locale-table.js';

/**
 * Spec §5: register and login URLs get `rel=official_website` and `lang=<locale>` when they lack
 * them; a URL that does not parse is returned unchanged. `lang` is the locale code, the same value
 * the site keeps in the myLocale cookie.
 */
export function withAppParams(url: string, locale: LocaleCode): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.searchParams.has('rel')) parsed.searchParams.set('rel', 'official_website');
  if (!parsed.searchParams.has('lang')) parsed.searchParams.set('lang', locale);
  return parsed.toString();
}
