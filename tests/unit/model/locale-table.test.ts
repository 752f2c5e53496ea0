import { describe, expect, it } from 'vitest';
import { getLocale, LOCALES, localeOfPath, rootLocaleOfHost } from '../../../src/model/locale-table.js';

describe('locale table', () => {
  it('has the 14 locales of the spec, each code once', () => {
    expect(LOCALES.map((l) => l.code)).toEqual(['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc']);
  });

  it('never uses the URL-only codes vn, jp and tc as language tags', () => {
    const tags = LOCALES.map((l) => l.hreflang);
    expect(tags).not.toContain('vn');
    expect(tags).not.toContain('jp');
    expect(tags).not.toContain('tc');
    expect(getLocale('vn').hreflang).toBe('vi');
    expect(getLocale('jp').hreflang).toBe('ja');
    expect(getLocale('tc').hreflang).toBe('zh-TW');
  });

  it('puts en, zh and ru at the root of their own hosts and prefixes the rest', () => {
    expect(rootLocaleOfHost('main').code).toBe('en');
    expect(rootLocaleOfHost('zh').code).toBe('zh');
    expect(rootLocaleOfHost('ru').code).toBe('ru');
    for (const l of LOCALES.filter((x) => !['en', 'zh', 'ru'].includes(x.code))) {
      expect(l.prefix).toBe(`/${l.code}`);
      expect(l.host).toBe('main');
    }
  });

  it('names the 14 sitemap files of the spec', () => {
    expect(LOCALES.map((l) => l.sitemapFile).sort()).toEqual([
      'en-US-sitemap.xml', 'es-ES-sitemap.xml', 'fr-FR-sitemap.xml', 'hi-IN-sitemap.xml', 'ja-JP-sitemap.xml', 'ko-KR-sitemap.xml', 'pt-PT-sitemap.xml',
      'ru-RU-sitemap.xml', 'th-TH-sitemap.xml', 'tr-TR-sitemap.xml', 'uk-UA-sitemap.xml', 'vi-VN-sitemap.xml', 'zh-CN-sitemap.xml', 'zh-TW-sitemap.xml',
    ]);
  });

  it('finds the locale of a path by its prefix, not by a longer segment that starts the same', () => {
    expect(localeOfPath('main', '/vn/blog').code).toBe('vn');
    expect(localeOfPath('main', '/vn').code).toBe('vn');
    expect(localeOfPath('main', '/vnx/blog').code).toBe('en');
    expect(localeOfPath('zh', '/pricing').code).toBe('zh');
  });
});
