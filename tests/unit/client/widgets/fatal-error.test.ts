// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../../../src/model/browser-contract.js';
import { showFatalError } from '../../../../client/widgets/fatal-error.js';

const config = {
  errorBackUrl: 'https://www.polybrowser.example/vn/blog',
  messages: { errorTitle: '<b>Title</b>', errorDetail: 'Detail', autoRefresh: 'Back in {seconds} s', back: 'Back' },
} as unknown as RuntimeConfig;

describe('the fatal error screen without the UI chunk', () => {
  let assigned: string[];
  let win: Window;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
    assigned = [];
    // The real window, with location.assign recorded instead of navigating.
    win = new Proxy(window, { get: (target, key) => (key === 'location' ? { assign: (url: string) => assigned.push(url) } : Reflect.get(target, key, target)) });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the words as text, counts down from 5 s, then goes to the back target', () => {
    showFatalError(config, win);
    const screen = document.querySelector('#sitegen-fatal [data-error-screen]')!;
    expect(screen.querySelector('h2')!.textContent).toBe('<b>Title</b>');
    expect(screen.querySelector('b')).toBeNull();
    expect(screen.querySelector('a')!.getAttribute('href')).toBe(config.errorBackUrl);
    const countdown = () => screen.querySelector('[data-countdown]')!.parentElement!.textContent;
    for (const seconds of [5, 4, 3, 2, 1]) {
      expect(countdown()).toBe(`Back in ${seconds} s`);
      expect(assigned).toEqual([]);
      vi.advanceTimersByTime(1000);
    }
    expect(assigned).toEqual([config.errorBackUrl]);
  });

  it('is shown once however many chunks report a failure', () => {
    showFatalError(config, win);
    showFatalError(config, win);
    expect(document.querySelectorAll('#sitegen-fatal')).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(assigned).toHaveLength(1);
  });
});
