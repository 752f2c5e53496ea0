/**
 * The locale table: every fact about a locale lives here and nowhere else (docs/design.md "Locales").
 * `code` is the URL/cookie code; `hreflang` is the only tag that reaches HTML, hreflang and sitemaps,
 * so the URL-only codes vn, jp and tc never appear as language tags.
 */
export const LOCALE_CODES = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export const HOST_KEYS = ['main', 'zh', 'ru'] as const;
export type HostKey = (typeof HOST_KEYS)[number];

export type WritingScript = 'latin' | 'cyrillic' | 'hans' | 'hant' | 'japanese' | 'hangul' | 'thai' | 'devanagari';

/** The currencies prices are set in (spec §3); pricing.yaml gives every plan a price in each. */
export const CURRENCY_CODES = ['USD', 'BRL', 'PLN', 'VND'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Locale {
  code: LocaleCode;
  /** Path prefix, '' for the locales that own their host's root. */
  prefix: string;
  host: HostKey;
  /** BCP 47 tag for `<html lang>`, hreflang and sitemaps. */
  hreflang: string;
  /** Open Graph locale (language_TERRITORY). */
  ogLocale: string;
  sitemapFile: string;
  /** Accept-Language tags that select this locale; `*` ends a prefix match (zh-Hans*). */
  acceptLanguage: readonly string[];
  /** Name of the language in itself, for the language switcher. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
  /** Writing system of the locale's text (ISO 15924 in words): check's HTML sampling goes by it (title and description limits go by each character's width, src/check/html/display-width.ts). */
  script: WritingScript;
  /** Currency the pricing page shows (its switch lists it first): Brazilian Portuguese BRL, Vietnamese VND, Ukrainian PLN, the rest USD (docs/content.md "Pricing"). */
  currency: CurrencyCode;
  /** Whether blog, news and guides are rendered here; false sends them to the Russian blog. */
  ownBlog: boolean;
  /** Whether the guide section exists here (docs/design.md: guides exist for zh; elsewhere the switcher goes to the blog). */
  guides: boolean;
  /** Registration banner image variant (spec §2: zh and tc; ru; pt; vn; otherwise English). */
  bannerVariant: 'zh' | 'ru' | 'pt' | 'vn' | 'en';
}

export const LOCALES: readonly Locale[] = [
  { code: 'en', prefix: '', host: 'main', hreflang: 'en', ogLocale: 'en_US', sitemapFile: 'en-US-sitemap.xml', acceptLanguage: ['en', 'en-*'], nativeName: 'English', dir: 'ltr', script: 'latin', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'zh', prefix: '', host: 'zh', hreflang: 'zh-CN', ogLocale: 'zh_CN', sitemapFile: 'zh-CN-sitemap.xml', acceptLanguage: ['zh', 'zh-CN', 'zh-SG', 'zh-Hans*'], nativeName: '简体中文', dir: 'ltr', script: 'hans', currency: 'USD', ownBlog: true, guides: true, bannerVariant: 'zh' },
  { code: 'ru', prefix: '', host: 'ru', hreflang: 'ru', ogLocale: 'ru_RU', sitemapFile: 'ru-RU-sitemap.xml', acceptLanguage: ['ru', 'ru-*'], nativeName: 'Русский', dir: 'ltr', script: 'cyrillic', currency: 'USD', ownBlog: false, guides: false, bannerVariant: 'ru' },
  { code: 'vn', prefix: '/vn', host: 'main', hreflang: 'vi', ogLocale: 'vi_VN', sitemapFile: 'vi-VN-sitemap.xml', acceptLanguage: ['vi', 'vi-*'], nativeName: 'Tiếng Việt', dir: 'ltr', script: 'latin', currency: 'VND', ownBlog: true, guides: false, bannerVariant: 'vn' },
  { code: 'es', prefix: '/es', host: 'main', hreflang: 'es', ogLocale: 'es_ES', sitemapFile: 'es-ES-sitemap.xml', acceptLanguage: ['es', 'es-*'], nativeName: 'Español', dir: 'ltr', script: 'latin', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'pt', prefix: '/pt', host: 'main', hreflang: 'pt', ogLocale: 'pt_PT', sitemapFile: 'pt-PT-sitemap.xml', acceptLanguage: ['pt', 'pt-BR', 'pt-*'], nativeName: 'Português', dir: 'ltr', script: 'latin', currency: 'BRL', ownBlog: true, guides: false, bannerVariant: 'pt' },
  { code: 'tr', prefix: '/tr', host: 'main', hreflang: 'tr', ogLocale: 'tr_TR', sitemapFile: 'tr-TR-sitemap.xml', acceptLanguage: ['tr'], nativeName: 'Türkçe', dir: 'ltr', script: 'latin', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'th', prefix: '/th', host: 'main', hreflang: 'th', ogLocale: 'th_TH', sitemapFile: 'th-TH-sitemap.xml', acceptLanguage: ['th'], nativeName: 'ไทย', dir: 'ltr', script: 'thai', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'fr', prefix: '/fr', host: 'main', hreflang: 'fr', ogLocale: 'fr_FR', sitemapFile: 'fr-FR-sitemap.xml', acceptLanguage: ['fr', 'fr-*'], nativeName: 'Français', dir: 'ltr', script: 'latin', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'uk', prefix: '/uk', host: 'main', hreflang: 'uk', ogLocale: 'uk_UA', sitemapFile: 'uk-UA-sitemap.xml', acceptLanguage: ['uk'], nativeName: 'Українська', dir: 'ltr', script: 'cyrillic', currency: 'PLN', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'ko', prefix: '/ko', host: 'main', hreflang: 'ko', ogLocale: 'ko_KR', sitemapFile: 'ko-KR-sitemap.xml', acceptLanguage: ['ko'], nativeName: '한국어', dir: 'ltr', script: 'hangul', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'hi', prefix: '/hi', host: 'main', hreflang: 'hi', ogLocale: 'hi_IN', sitemapFile: 'hi-IN-sitemap.xml', acceptLanguage: ['hi'], nativeName: 'हिन्दी', dir: 'ltr', script: 'devanagari', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'jp', prefix: '/jp', host: 'main', hreflang: 'ja', ogLocale: 'ja_JP', sitemapFile: 'ja-JP-sitemap.xml', acceptLanguage: ['ja'], nativeName: '日本語', dir: 'ltr', script: 'japanese', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'en' },
  { code: 'tc', prefix: '/tc', host: 'main', hreflang: 'zh-TW', ogLocale: 'zh_TW', sitemapFile: 'zh-TW-sitemap.xml', acceptLanguage: ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant*'], nativeName: '繁體中文', dir: 'ltr', script: 'hant', currency: 'USD', ownBlog: true, guides: false, bannerVariant: 'zh' },
];

/** The locale whose texts are the reference for every other (message keys, fallbacks). */
export const SOURCE_LOCALE: LocaleCode = 'en';
/** The host whose root detects the visitor's language (docs/design.md "Locales"); no other host does. */
export const DETECTING_HOST: HostKey = 'main';
/** The locale a search engine gets for x-default and a visitor without a known language. */
export const DEFAULT_LOCALE: LocaleCode = 'en';

const byCode = new Map<string, Locale>(LOCALES.map((locale) => [locale.code, locale]));

export function isLocaleCode(value: string): value is LocaleCode {
  return byCode.has(value);
}

export function getLocale(code: LocaleCode): Locale {
  const locale = byCode.get(code);
  if (!locale) throw new Error(`unknown locale code ${code}`);
  return locale;
}

export function localesOnHost(host: HostKey): Locale[] {
  return LOCALES.filter((locale) => locale.host === host);
}

/** The locale served at the root of a host (no prefix). */
export function rootLocaleOfHost(host: HostKey): Locale {
  const locale = LOCALES.find((l) => l.host === host && l.prefix === '');
  if (!locale) throw new Error(`host ${host} has no root locale`);
  return locale;
}

/** Which locale a host-relative path belongs to: its prefix, else the host's root locale. */
export function localeOfPath(host: HostKey, path: string): Locale {
  const prefixed = LOCALES.find((l) => l.host === host && l.prefix !== '' && (path === l.prefix || path.startsWith(`${l.prefix}/`)));
  return prefixed ?? rootLocaleOfHost(host);
}
