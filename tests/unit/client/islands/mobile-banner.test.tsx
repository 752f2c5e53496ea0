// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MobileBanner, { withFrom, type MobileBannerProps } from '../../../../client/islands/mobile-banner.js';
import { advance, click, enableAct, mount, scrollTo, stubViewport, type Mounted } from './dom-helpers.js';

enableAct();

const props: MobileBannerProps = {
  image: '/images/banner/register-en.svg',
  title: 'Sign up for PolyBrowser',
  offer: 'Get 5 browser profiles free',
  registerUrl: 'https://app.polybrowser.example/register?rel=site&lang=en',
  registerLabel: 'Register',
  closeLabel: 'Close',
};

describe('withFrom', () => {
  it('adds from = the page URL, encoded, keeping the other parameters', () => {
    const url = new URL(withFrom('https://app.example/register?rel=site&lang=vi', 'https://www.example/vn/pricing?plan=pro&x=1'));
    expect(url.origin + url.pathname).toBe('https://app.example/register');
    expect(url.searchParams.get('rel')).toBe('site');
    expect(url.searchParams.get('lang')).toBe('vi');
    expect(url.searchParams.get('from')).toBe('https://www.example/vn/pricing?plan=pro&x=1');
    expect(url.search).not.toContain('plan=pro&x=1');
  });

  it('replaces an existing from instead of adding a second one', () => {
    const url = new URL(withFrom('https://app.example/register?from=https%3A%2F%2Fold.example%2F&lang=en', 'https://www.example/blog/'));
    expect(url.searchParams.getAll('from')).toEqual(['https://www.example/blog/']);
    expect(url.searchParams.get('lang')).toBe('en');
  });

  it('returns a URL it cannot parse unchanged', () => {
    expect(withFrom('/register?lang=en', 'https://www.example/')).toBe('/register?lang=en');
  });
});

describe('mobile banner island', () => {
  let mounted: Mounted | undefined;
  const banner = () => mounted!.container.querySelector<HTMLElement>('.mobile-banner')!;
  const isShown = () => banner().classList.contains('is-shown'); // display: none otherwise (components.css)
  const isAway = () => banner().classList.contains('is-away');

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo(0, { dispatch: false });
    window.history.replaceState(null, '', '/vn/pricing?plan=pro');
  });

  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('is hidden before 1000 ms on mobile and shown from 1000 ms', () => {
    const matchMedia = stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    expect(isShown()).toBe(false);
    advance(999);
    expect(isShown()).toBe(false);
    expect(banner().classList.contains('is-shown')).toBe(false);
    advance(1);
    expect(isShown()).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 767px)');
  });

  it('links to registration with from = the current page URL', () => {
    stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    const href = new URL(banner().querySelector<HTMLAnchorElement>('a.mobile-banner-link')!.getAttribute('href')!);
    expect(href.searchParams.get('from')).toBe(window.location.href);
    expect(href.searchParams.get('from')).toContain('/vn/pricing?plan=pro');
    expect(href.searchParams.get('rel')).toBe('site');
    expect(banner().querySelector('img')!.getAttribute('src')).toBe(props.image);
    expect(banner().querySelector('button')!.getAttribute('aria-label')).toBe('Close');
  });

  it('says its words as text in the link, over an image that only decorates', () => {
    stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    const link = banner().querySelector<HTMLAnchorElement>('a.mobile-banner-link')!;
    expect(link.querySelector('strong')!.textContent).toBe('Sign up for PolyBrowser');
    expect(link.textContent).toBe('Sign up for PolyBrowser Get 5 browser profiles freeRegister');
    expect(link.querySelector('.mobile-banner-cta')!.textContent).toBe('Register');
    expect(banner().querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('slides away 200 ms after a scroll down and comes back on a scroll up', () => {
    stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    advance(1000);
    scrollTo(400);
    advance(199);
    expect(isAway()).toBe(false);
    advance(1);
    expect(isAway()).toBe(true);
    expect(isShown()).toBe(true);
    scrollTo(300);
    advance(200);
    expect(isAway()).toBe(false);
  });

  it('comes back by itself 5000 ms after sliding away', () => {
    stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    advance(1000);
    scrollTo(500);
    advance(200);
    expect(isAway()).toBe(true);
    advance(4999);
    expect(isAway()).toBe(true);
    advance(1);
    expect(isAway()).toBe(false);
    expect(isShown()).toBe(true);
  });

  it('stays closed for good once the close button is pressed', () => {
    stubViewport(true);
    mounted = mount(<MobileBanner {...props} />);
    advance(1000);
    click(banner().querySelector('button.mobile-banner-close')!);
    expect(isShown()).toBe(false);
    expect(banner().classList.contains('is-shown')).toBe(false);
    scrollTo(500);
    advance(200);
    scrollTo(100);
    advance(200);
    advance(10_000);
    expect(isShown()).toBe(false);
    expect(banner().classList.contains('is-shown')).toBe(false);
  });

  it('never shows on a desktop viewport', () => {
    stubViewport(false);
    mounted = mount(<MobileBanner {...props} />);
    advance(1000);
    expect(isShown()).toBe(false);
    scrollTo(500);
    advance(200);
    scrollTo(0);
    advance(200);
    advance(30_000);
    expect(isShown()).toBe(false);
    expect(banner().classList.contains('is-shown')).toBe(false);
  });
});
