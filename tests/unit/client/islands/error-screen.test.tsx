// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ErrorScreen, { type ErrorScreenProps } from '../../../../client/islands/error-screen.js';
import { advance, enableAct, mount, type Mounted } from './dom-helpers.js';

enableAct();

const props: ErrorScreenProps = {
  title: 'Something went wrong',
  detail: 'The server did not answer.',
  autoRefresh: 'Going back in {seconds} s …',
  back: 'Back',
  backUrl: '/vn/blog/',
};

describe('error screen island', () => {
  let mounted: Mounted | undefined;
  let assign: ReturnType<typeof vi.spyOn>;
  const countdown = () => mounted!.container.querySelector('[data-countdown]')!.textContent;

  beforeEach(() => {
    vi.useFakeTimers();
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });

  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('shows the title, the detail and a back link to the back URL', () => {
    mounted = mount(<ErrorScreen {...props} />);
    expect(mounted.container.querySelector('h1#error-title')!.textContent).toBe('Something went wrong');
    expect(mounted.container.textContent).toContain('The server did not answer.');
    const back = mounted.container.querySelector<HTMLAnchorElement>('a.btn')!;
    expect(back.getAttribute('href')).toBe('/vn/blog/');
    expect(back.textContent).toBe('Back');
  });

  it('uses an h2 heading when shown over another page', () => {
    mounted = mount(<ErrorScreen {...props} heading="h2" />);
    expect(mounted.container.querySelector('h2#error-title')!.textContent).toBe('Something went wrong');
    expect(mounted.container.querySelector('h1')).toBeNull();
  });

  it('replaces the {seconds} placeholder with the countdown', () => {
    mounted = mount(<ErrorScreen {...props} />);
    const line = mounted.container.querySelector('[data-countdown]')!.parentElement!;
    expect(line.textContent).toBe('Going back in 5 s …');
    expect(line.textContent).not.toContain('{seconds}');
    advance(1000);
    expect(line.textContent).toBe('Going back in 4 s …');
  });

  it('counts down 5, 4, 3, 2, 1 one second apart', () => {
    mounted = mount(<ErrorScreen {...props} />);
    expect(countdown()).toBe('5');
    advance(999);
    expect(countdown()).toBe('5');
    advance(1);
    expect(countdown()).toBe('4');
    advance(1000);
    expect(countdown()).toBe('3');
    advance(1000);
    expect(countdown()).toBe('2');
    advance(1000);
    expect(countdown()).toBe('1');
  });

  it('goes to the back URL at 5 s, not before', () => {
    mounted = mount(<ErrorScreen {...props} />);
    for (let i = 0; i < 4; i++) advance(1000);
    advance(999);
    expect(assign).not.toHaveBeenCalled();
    advance(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/vn/blog/');
    advance(10_000);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('does not navigate once it is unmounted', () => {
    mounted = mount(<ErrorScreen {...props} />);
    advance(2000);
    mounted.unmount();
    mounted = undefined;
    advance(10_000);
    expect(assign).not.toHaveBeenCalled();
  });
});
