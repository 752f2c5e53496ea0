// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BackToTop from '../../../../client/islands/back-to-top.js';
import { advance, click, enableAct, mount, scrollTo, type Mounted } from './dom-helpers.js';

enableAct();

describe('back-to-top island', () => {
  let mounted: Mounted | undefined;
  const link = () => mounted!.container.querySelector<HTMLAnchorElement>('a.to-top')!;

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo(0, { dispatch: false });
  });

  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('renders a link to #main with the label and the sprite icon', () => {
    mounted = mount(<BackToTop label="Back to top" sprite="/assets/icons-abc.svg" />);
    expect(link().getAttribute('href')).toBe('#main');
    expect(link().getAttribute('aria-label')).toBe('Back to top');
    expect(link().getAttribute('title')).toBe('Back to top');
    expect(link().querySelector('use')!.getAttribute('href')).toBe('/assets/icons-abc.svg#arrowUp');
  });

  it('is not visible at the top of the page', () => {
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    expect(link().classList.contains('is-visible')).toBe(false);
    advance(1000);
    expect(link().classList.contains('is-visible')).toBe(false);
  });

  it('is visible at once when the page loads scrolled past one viewport', () => {
    scrollTo(window.innerHeight + 1, { dispatch: false });
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    expect(link().classList.contains('is-visible')).toBe(true);
  });

  it('shows 200 ms after scrolling past one viewport height, not at 199 ms', () => {
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    scrollTo(window.innerHeight + 50);
    advance(199);
    expect(link().classList.contains('is-visible')).toBe(false);
    advance(1);
    expect(link().classList.contains('is-visible')).toBe(true);
  });

  it('stays hidden when the scroll is less than one viewport height', () => {
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    scrollTo(window.innerHeight);
    advance(200);
    expect(link().classList.contains('is-visible')).toBe(false);
  });

  it('hides again after scrolling back to the top', () => {
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    scrollTo(window.innerHeight * 2);
    advance(200);
    expect(link().classList.contains('is-visible')).toBe(true);
    scrollTo(10);
    advance(200);
    expect(link().classList.contains('is-visible')).toBe(false);
  });

  it('uses the position at the end of the throttle window', () => {
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    scrollTo(window.innerHeight * 2);
    advance(100);
    scrollTo(0);
    advance(100);
    expect(link().classList.contains('is-visible')).toBe(false);
  });

  it('scrolls the window to the top on click, smoothly, and focuses #main', () => {
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    document.body.append(main);
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    mounted = mount(<BackToTop label="Top" sprite="/s.svg" />);
    click(link());
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0, behavior: 'smooth' }));
    expect(document.activeElement).toBe(main);
  });
});
