// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { localeCookie, rememberLocaleChoice } from '../../../client/locale-cookie.js';
import { enhanceMenu } from '../../../client/menu.js';
import { fillNotFoundPath } from '../../../client/not-found.js';

describe('404 path', () => {
  it('fills in the visited path as text, so markup in the URL is never parsed', () => {
    document.body.innerHTML = '<p>Page not found: <code data-fill-path="">/error/404</code></p>';
    fillNotFoundPath(document, { pathname: '/vn/%3Cimg%20src=x%20onerror=alert(1)%3E' });
    const code = document.querySelector('[data-fill-path]')!;
    expect(code.textContent).toBe('/vn/<img src=x onerror=alert(1)>');
    expect(code.querySelector('img')).toBeNull();
  });

  it('keeps the raw path when it is not valid percent-encoding', () => {
    document.body.innerHTML = '<code data-fill-path=""></code>';
    fillNotFoundPath(document, { pathname: '/bad%E0%A4%A' });
    expect(document.querySelector('[data-fill-path]')!.textContent).toBe('/bad%E0%A4%A');
  });
});

describe('locale cookie', () => {
  it('lasts 365 days on path / with SameSite=Lax (spec §9)', () => {
    expect(localeCookie('vn')).toBe('myLocale=vn; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is written when a language-switcher link is clicked', () => {
    document.cookie = 'myLocale=; Max-Age=0; Path=/';
    document.body.innerHTML = '<a href="#x" data-locale="fr">Français</a>';
    rememberLocaleChoice(document);
    (document.querySelector('a') as HTMLAnchorElement).click();
    expect(document.cookie).toContain('myLocale=fr');
  });
});

describe('mobile menu', () => {
  it('toggles with aria-expanded and closes on Escape', () => {
    document.body.innerHTML = '<a href="#site-menu" data-menu-toggle="">Menu</a><nav id="site-menu"><a href="#" data-menu-close="">x</a></nav>';
    enhanceMenu(document);
    const toggle = document.querySelector('[data-menu-toggle]') as HTMLElement;
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('site-menu')!.classList.contains('is-open')).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
