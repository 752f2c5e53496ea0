/**
 * Spec §5 login language list: the languages the separate login/registration site understands. A
 * site locale code (en, vn, tc, ...) maps to its tag; a tag already in the list is kept; anything else
 * (ko, jp, junk) falls back to en-US, because the login site has no such language.
 */

export const LOGIN_LANGUAGES = [
  'en-US',
  'zh-CN',
  'ru-RU',
  'vi-VN',
  'es-ES',
  'pt-PT',
  'zh-TW',
  'zh-HK',
  'tr-TR',
  'th-TH',
  'fr-FR',
  'uk-UA',
  'hi-IN',
  'it-IT',
  'id-ID',
] as const;

export type LoginLanguage = (typeof LOGIN_LANGUAGES)[number];

export const DEFAULT_LOGIN_LANGUAGE: LoginLanguage = 'en-US';

/** Site locale codes (spec §2) that have a login language; ko and jp have none. */
export const LOCALE_LOGIN_LANGUAGE: Readonly<Record<string, LoginLanguage>> = {
  en: 'en-US',
  zh: 'zh-CN',
  ru: 'ru-RU',
  vn: 'vi-VN',
  es: 'es-ES',
  pt: 'pt-PT',
  tc: 'zh-TW',
  tr: 'tr-TR',
  th: 'th-TH',
  fr: 'fr-FR',
  uk: 'uk-UA',
  hi: 'hi-IN',
};

/** The login language for a site locale code or a BCP 47 tag (tags match case-insensitively). */
export function loginLanguage(locale: string | null | undefined): LoginLanguage {
  if (typeof locale !== 'string') return DEFAULT_LOGIN_LANGUAGE;
  if (Object.hasOwn(LOCALE_LOGIN_LANGUAGE, locale)) return LOCALE_LOGIN_LANGUAGE[locale] ?? DEFAULT_LOGIN_LANGUAGE;
  const lower = locale.toLowerCase();
  return LOGIN_LANGUAGES.find((tag) => tag.toLowerCase() === lower) ?? DEFAULT_LOGIN_LANGUAGE;
}
