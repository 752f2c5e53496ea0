// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { LOGIN_LANGUAGES, loginLanguage } from '../../../../client/visitor/login-language.js';

describe('login language (spec §5)', () => {
  it('is the list of the spec', () => {
    expect(LOGIN_LANGUAGES).toEqual([
      'en-US', 'zh-CN', 'ru-RU', 'vi-VN', 'es-ES', 'pt-PT', 'zh-TW', 'zh-HK', 'tr-TR', 'th-TH', 'fr-FR', 'uk-UA', 'hi-IN', 'it-IT', 'id-ID',
    ]);
  });

  it.each([
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
    ['ru', 'ru-RU'],
    ['vn', 'vi-VN'],
    ['es', 'es-ES'],
    ['pt', 'pt-PT'],
    ['tc', 'zh-TW'],
    ['tr', 'tr-TR'],
    ['th', 'th-TH'],
    ['fr', 'fr-FR'],
    ['uk', 'uk-UA'],
    ['hi', 'hi-IN'],
  ])('maps site locale %s to %s', (locale, expected) => {
    expect(loginLanguage(locale)).toBe(expected);
  });

  it('keeps a tag that is in the list, whatever its case', () => {
    for (const tag of LOGIN_LANGUAGES) expect(loginLanguage(tag)).toBe(tag);
    expect(loginLanguage('zh-hk')).toBe('zh-HK');
    expect(loginLanguage('IT-it')).toBe('it-IT');
  });

  it.each(['ko', 'jp', 'ko-KR', 'ja-JP', 'it', 'de', '', 'toString', '__proto__', '<script>'])('falls back to en-US for %j', (locale) => {
    expect(loginLanguage(locale)).toBe('en-US');
  });

  it('falls back to en-US for a missing value', () => {
    expect(loginLanguage(undefined)).toBe('en-US');
    expect(loginLanguage(null)).toBe('en-US');
  });
});
