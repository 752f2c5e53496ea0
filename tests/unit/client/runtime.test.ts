// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { localeCookie, rememberLocaleChoice } from '../../../client/locale-cookie.js';
import { enhanceMenu } from '../../../client/menu.js';
import { fillNotFoundPath } from '../../../client/not-found.js';

describe('404 path', () => {
  const slot = '<p data-not-found-path="" hidden="">There is no page at <code></code>.</p><button type="button" data-go-back="" hidden="">Go back</button>';
  const history = { length: 1, back: () => undefined };

  it('fills in the visited path as text and shows it, so markup in the URL is never parsed', () => {
    document.body.innerHTML = slot;
    fillNotFoundPath(document, { pathname: '/vn/%3Cimg%20src=x%20onerror=alert(1)%3E' }, history);
    const p = document.querySelector<HTMLElement>('[data-not-found-path]')!;
    expect(p.hidden).toBe(false);
    expect(p.textContent).toBe('There is no page at /vn/<img src=x onerror=alert(1)>.');
    expect(p.querySelector('img')).toBeNull();
  });

  it('keeps the raw path when it is not valid percent-encoding', () => {
    document.body.innerHTML = slot;
    fillNotFoundPath(document, { pathname: '/bad%E0%A4%A' }, history);
    expect(document.querySelector('[data-not-found-path] code')!.textContent).toBe('/bad%E0%A4%A');
  });

  it('keeps characters that reorder or hide text percent-encoded, as the edge does (a static host has no edge)', () => {
    document.body.innerHTML = slot;
    // U+202E RIGHT-TO-LEFT OVERRIDE would make "/vn/‮gnp.exe" read as "/vn/exe.png" on the site's own page.
    fillNotFoundPath(document, { pathname: '/vn/%E2%80%AEgnp.exe%00' }, history);
    expect(document.querySelector('[data-not-found-path] code')!.textContent).toBe('/vn/%E2%80%AEgnp.exe%00');
  });

  it('leaves a path the edge filled in as it is', () => {
    document.body.innerHTML = '<p data-not-found-path="">There is no page at <code>/from-the-edge</code>.</p>';
    fillNotFoundPath(document, { pathname: '/something-else' }, history);
    expect(document.querySelector('[data-not-found-path] code')!.textContent).toBe('/from-the-edge');
  });

  it('shows "Go back" only with somewhere to go back to, and goes back', () => {
    document.body.innerHTML = slot;
    fillNotFoundPath(document, { pathname: '/x' }, { length: 1, back: () => undefined });
    expect(document.querySelector<HTMLButtonElement>('[data-go-back]')!.hidden).toBe(true);
    let backs = 0;
    document.body.innerHTML = slot;
    fillNotFoundPath(document, { pathname: '/x' }, { length: 3, back: () => void backs++ });
    const button = document.querySelector<HTMLButtonElement>('[data-go-back]')!;
    expect(button.hidden).toBe(false);
    button.click();
    expect(backs).toBe(1);
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
