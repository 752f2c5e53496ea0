// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { decorateAppLinks, registerLinkUrl } from '../../../../client/visitor/app-links.js';
import { appLinkUrl } from '../../../../src/model/browser-contract.js';
import { config, fakeDoc } from './fakes.js';

const page = 'https://www.polybrowser.example/vn/pricing?x=1';

function params(href: string | null): Record<string, string> {
  return Object.fromEntries(new URL(href!).searchParams);
}

describe('appLinkUrl', () => {
  it('adds rel=official_website and lang=<locale> when missing', () => {
    expect(appLinkUrl('https://app.polybrowser.example/register', 'vn')).toBe(
      'https://app.polybrowser.example/register?rel=official_website&lang=vn',
    );
  });

  it('keeps rel and lang that are already there, and other parameters', () => {
    expect(appLinkUrl('https://app.polybrowser.example/login?lang=fr&plan=2&rel=partner', 'vn')).toBe(
      'https://app.polybrowser.example/login?lang=fr&plan=2&rel=partner',
    );
  });

  it('returns an unparsable URL unchanged', () => {
    expect(appLinkUrl('/register', 'vn')).toBe('/register');
    expect(appLinkUrl('not a url', 'vn')).toBe('not a url');
  });
});

describe('registerLinkUrl', () => {
  it('adds from=<page URL> and code=<referral code> when missing', () => {
    const href = registerLinkUrl('https://app.polybrowser.example/register', 'vn', { pageUrl: page, referralCode: 'FRIEND' });
    expect(params(href)).toEqual({ rel: 'official_website', lang: 'vn', from: page, code: 'FRIEND' });
  });

  it('keeps an existing from and code', () => {
    const href = registerLinkUrl('https://app.polybrowser.example/register?from=x&code=MINE', 'vn', { pageUrl: page, referralCode: 'FRIEND' });
    expect(params(href)).toMatchObject({ from: 'x', code: 'MINE' });
  });

  it('leaves out an invalid code and a non-http page URL', () => {
    const href = registerLinkUrl('https://app.polybrowser.example/register', 'vn', { pageUrl: 'file:///C:/site/index.html', referralCode: 'a&b=c' });
    expect(params(href)).toEqual({ rel: 'official_website', lang: 'vn' });
  });
});

describe('decorateAppLinks', () => {
  it('rewrites register and login links, register ones with from and code', () => {
    const { doc } = fakeDoc({
      html: `<a id="r" data-app-link="register" href="https://app.polybrowser.example/register?rel=official_website&lang=vn">R</a>
             <a id="l" data-app-link="login" href="https://app.polybrowser.example/login">L</a>
             <a id="o" href="https://app.polybrowser.example/register">other</a>`,
    });
    decorateAppLinks(doc, config, { pageUrl: page, referralCode: 'FRIEND' });
    expect(params(doc.getElementById('r')!.getAttribute('href'))).toEqual({ rel: 'official_website', lang: 'vn', from: page, code: 'FRIEND' });
    expect(params(doc.getElementById('l')!.getAttribute('href'))).toEqual({ rel: 'official_website', lang: 'vn' });
    expect(doc.getElementById('o')!.getAttribute('href')).toBe('https://app.polybrowser.example/register');
  });

  it('adds no code when none is known', () => {
    const { doc } = fakeDoc({ html: '<a id="r" data-app-link="register" href="https://app.polybrowser.example/register">R</a>' });
    decorateAppLinks(doc, config, { pageUrl: page });
    expect(params(doc.getElementById('r')!.getAttribute('href'))).toEqual({ rel: 'official_website', lang: 'vn', from: page });
  });

  it('falls back to the configured URL when the href is missing, relative or not http(s)', () => {
    const { doc } = fakeDoc({
      html: `<a id="a" data-app-link="register">R</a>
             <a id="b" data-app-link="login" href="/login">L</a>
             <a id="c" data-app-link="register" href="javascript:alert(1)">R</a>`,
    });
    decorateAppLinks(doc, config, {});
    expect(doc.getElementById('a')!.getAttribute('href')).toBe('https://app.polybrowser.example/register?rel=official_website&lang=vn');
    expect(doc.getElementById('b')!.getAttribute('href')).toBe('https://app.polybrowser.example/login?rel=official_website&lang=vn');
    expect(doc.getElementById('c')!.getAttribute('href')).toBe('https://app.polybrowser.example/register?rel=official_website&lang=vn');
  });

  it('never sets a non-http(s) href, even from a hostile config', () => {
    const { doc } = fakeDoc({ html: '<a id="a" data-app-link="register" href="javascript:alert(1)">R</a><a id="b" data-app-link="login">L</a>' });
    const hostile = { ...config, app: { ...config.app, registerUrl: 'javascript:alert(1)', loginUrl: 'data:text/html,x' } };
    decorateAppLinks(doc, hostile, { pageUrl: page, referralCode: 'X' });
    expect(doc.getElementById('a')!.getAttribute('href')).toBe('javascript:alert(1)');
    expect(doc.getElementById('b')!.hasAttribute('href')).toBe(false);
  });

  it('never throws on a malformed config', () => {
    const { doc } = fakeDoc({ html: '<a data-app-link="register">R</a>' });
    expect(() => decorateAppLinks(doc, {} as never)).not.toThrow();
  });
});
