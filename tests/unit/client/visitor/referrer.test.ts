// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { externalReferrer, MAX_REFERRER_LENGTH, rememberReferrer, storedReferrer } from '../../../../client/visitor/referrer.js';
import { config, fakeDoc } from './fakes.js';

describe('_POWER_REFERRER', () => {
  it('records an external http(s) referrer for 365 days', () => {
    const { doc, writes } = fakeDoc({ referrer: 'https://www.google.com/search?q=poly' });
    expect(rememberReferrer(doc, config)).toBe('https://www.google.com/search?q=poly');
    expect(writes).toEqual([`_POWER_REFERRER=${encodeURIComponent('https://www.google.com/search?q=poly')}; Max-Age=31536000; Path=/; SameSite=Lax`]);
  });

  it('overwrites an older external referrer with a newer external one', () => {
    const { doc, jar } = fakeDoc({ cookies: { _POWER_REFERRER: 'https://bing.com/' }, referrer: 'http://duckduckgo.com/' });
    rememberReferrer(doc, config);
    expect(jar.get('_POWER_REFERRER')).toBe('http://duckduckgo.com/');
  });

  it.each([
    ['own domain', 'https://www.polybrowser.example/blog'],
    ['own apex', 'https://polybrowser-ru.example/'],
    ['own subdomain', 'https://app.polybrowser-cn.example/x'],
    ['partner', 'https://skyproxy.example/deal'],
    ['partner subdomain', 'https://www.adsflow.example/'],
    ['empty', ''],
    ['javascript', 'javascript:alert(1)'],
    ['ftp', 'ftp://files.example/'],
    ['protocol-relative', '//evil.example/'],
    ['junk', 'not a url'],
  ])('never writes for an internal or non-http referrer (%s)', (_name, referrer) => {
    const { doc, writes, jar } = fakeDoc({ cookies: { _POWER_REFERRER: 'https://google.com/' }, referrer });
    expect(rememberReferrer(doc, config)).toBeUndefined();
    expect(writes).toEqual([]);
    expect(jar.get('_POWER_REFERRER')).toBe('https://google.com/');
  });

  it('treats a look-alike host as external', () => {
    expect(externalReferrer('https://polybrowser.example.evil.com/', config)).toBe('https://polybrowser.example.evil.com/');
    expect(externalReferrer('https://notpolybrowser.example/', config)).toBe('https://notpolybrowser.example/');
  });

  it('keeps only the origin of an overlong referrer', () => {
    const long = `https://search.example/?q=${'a'.repeat(MAX_REFERRER_LENGTH)}`;
    expect(externalReferrer(long, config)).toBe('https://search.example/');
  });

  it('reads back the stored referrer only when it is still external http(s)', () => {
    expect(storedReferrer(fakeDoc({ cookies: { _POWER_REFERRER: 'https://google.com/' } }).doc, config)).toBe('https://google.com/');
    expect(storedReferrer(fakeDoc({ cookies: { _POWER_REFERRER: 'javascript:alert(1)' } }).doc, config)).toBeUndefined();
    expect(storedReferrer(fakeDoc({ cookies: { _POWER_REFERRER: 'https://polybrowser.example/' } }).doc, config)).toBeUndefined();
    expect(storedReferrer(fakeDoc().doc, config)).toBeUndefined();
  });

  it('never throws when cookies or document.referrer throw', () => {
    const blocked = fakeDoc({ cookieThrows: true, referrer: 'https://google.com/' }).doc;
    expect(rememberReferrer(blocked, config)).toBe('https://google.com/');
    expect(storedReferrer(blocked, config)).toBeUndefined();
    expect(rememberReferrer(fakeDoc({ referrerThrows: true }).doc, config)).toBeUndefined();
  });
});
