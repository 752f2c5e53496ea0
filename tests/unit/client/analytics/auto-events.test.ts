// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAnalytics } from '../../../../client/analytics/auto-events.js';
import { createEventFactory, type AnalyticsEvent } from '../../../../client/analytics/events.js';
import { createTracker } from '../../../../client/analytics/queue.js';
import { memorySafeStorage } from './helpers.js';

const config = { locale: 'en', buildId: 'b1' };

/** An IntersectionObserver the test drives by hand. */
class FakeIO {
  static last: FakeIO | undefined;
  observed = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback, readonly options?: IntersectionObserverInit) {
    FakeIO.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  fire(el: Element, ratio: number) {
    const entry = { target: el, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

function setup(extra: { IntersectionObserver?: typeof IntersectionObserver } = {}) {
  const tracked: AnalyticsEvent[] = [];
  const tracker = { track: (e: AnalyticsEvent) => void tracked.push(e) };
  const events = createEventFactory({ config, doc: document, win: window });
  const stop = startAnalytics({ win: window, doc: document, tracker, events, ...extra });
  return { tracked, stop };
}

let stops: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
  FakeIO.last = undefined;
});
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
  vi.useRealTimers();
});

function start(extra: Parameters<typeof setup>[0] = {}) {
  const s = setup(extra);
  stops.push(s.stop);
  return s;
}

describe('automatic events', () => {
  it('tracks a view on start', () => {
    const { tracked } = start();
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ type: 'view', locale: 'en', app_version: 'b1' });
  });

  it('tracks clicks on [data-track] elements by their closest ancestor, and nothing else', () => {
    document.body.innerHTML = '<a href="#" data-track="cta-download"><span id="inner">Download</span></a><p id="plain">x</p>';
    const { tracked } = start();
    document.getElementById('inner')!.click();
    document.getElementById('plain')!.click();
    const clicks = tracked.filter((e) => e.type === 'click');
    expect(clicks.map((e) => e.name)).toEqual(['cta-download']);
  });

  it('still sees clicks whose propagation a page handler stopped', () => {
    document.body.innerHTML = '<button data-track="buy">Buy</button>';
    const button = document.querySelector('button')!;
    button.addEventListener('click', (e) => e.stopPropagation());
    const { tracked } = start();
    button.click();
    expect(tracked.filter((e) => e.type === 'click')).toHaveLength(1);
  });

  it('tracks an expose once per element when at least half visible', () => {
    document.body.innerHTML = '<section data-track-expose="pricing"></section><section data-track-expose="faq"></section>';
    const { tracked } = start({ IntersectionObserver: FakeIO as unknown as typeof IntersectionObserver });
    const io = FakeIO.last!;
    expect(io.options?.threshold).toBe(0.5);
    const [pricing, faq] = [...document.querySelectorAll('section')];
    expect(io.observed.size).toBe(2);
    io.fire(pricing!, 0.3);
    expect(tracked.filter((e) => e.type === 'expose')).toEqual([]);
    io.fire(pricing!, 0.6);
    io.fire(pricing!, 1);
    io.fire(faq!, 0.5);
    expect(tracked.filter((e) => e.type === 'expose').map((e) => e.name)).toEqual(['pricing', 'faq']);
  });

  it('observes data-track-expose elements added later', async () => {
    const { tracked } = start({ IntersectionObserver: FakeIO as unknown as typeof IntersectionObserver });
    const io = FakeIO.last!;
    const late = document.createElement('div');
    late.setAttribute('data-track-expose', 'late');
    document.body.appendChild(late);
    await vi.waitFor(() => expect(io.observed.has(late)).toBe(true), { timeout: 10_000 }); // a bound for a hang on a busy machine
    io.fire(late, 0.9);
    expect(tracked.at(-1)).toMatchObject({ type: 'expose', name: 'late' });
  });

  it('skips exposes without IntersectionObserver', () => {
    const original = globalThis.IntersectionObserver;
    // @ts-expect-error: a browser without it
    delete globalThis.IntersectionObserver;
    try {
      document.body.innerHTML = '<section data-track-expose="pricing"></section>';
      const { tracked } = start();
      expect(tracked.map((e) => e.type)).toEqual(['view']);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it('reports 100101 "resource reload error" for an element that failed to load', () => {
    document.body.innerHTML = '<img src="https://cdn.example.com/missing.png"><link rel="icon" href="https://cdn.example.com/x.ico">';
    const { tracked } = start();
    document.querySelector('img')!.dispatchEvent(new Event('error'));
    document.querySelector('link')!.dispatchEvent(new Event('error'));
    const errors = tracked.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ code: 100101, message: 'resource reload error', data: { src: 'https://cdn.example.com/missing.png', tag: 'img' } });
    expect(errors[1]).toMatchObject({ code: 100101, data: { src: 'https://cdn.example.com/x.ico', tag: 'link' } });
  });

  it('ignores a plain error event on an element without src or href', () => {
    document.body.innerHTML = '<div id="widget"></div>';
    const { tracked } = start();
    document.getElementById('widget')!.dispatchEvent(new Event('error'));
    expect(tracked.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('reports 100102 for a script error', () => {
    const { tracked } = start();
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is not defined', filename: 'https://example.com/app.js', lineno: 12, colno: 5 }));
    const errors = tracked.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 100102, message: 'x is not defined', data: { filename: 'https://example.com/app.js', lineno: 12, colno: 5 } });
  });

  it('reports 100103 for an unhandled promise rejection', () => {
    const { tracked } = start();
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('fetch failed') });
    window.dispatchEvent(event);
    const plain = Object.assign(new Event('unhandledrejection'), { reason: 'just a string' });
    window.dispatchEvent(plain);
    const errors = tracked.filter((e) => e.type === 'error');
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      [100103, 'fetch failed'],
      [100103, 'just a string'],
    ]);
  });

  it('caps error events per page', () => {
    const { tracked } = start();
    for (let i = 0; i < 80; i++) window.dispatchEvent(new ErrorEvent('error', { message: `e${i}` }));
    expect(tracked.filter((e) => e.type === 'error')).toHaveLength(50);
  });

  it('stops listening after stop()', () => {
    document.body.innerHTML = '<button data-track="buy">Buy</button>';
    const { tracked, stop } = start();
    stop();
    document.querySelector('button')!.click();
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    expect(tracked.map((e) => e.type)).toEqual(['view']);
  });

  it('never throws out of the page when tracking fails', () => {
    document.body.innerHTML = '<button data-track="buy">Buy</button>';
    const tracker = { track: () => { throw new Error('broken'); } };
    const events = createEventFactory({ config, doc: document, win: window });
    let stop: () => void = () => {};
    expect(() => (stop = startAnalytics({ win: window, doc: document, tracker, events }))).not.toThrow();
    stops.push(stop);
    expect(() => document.querySelector('button')!.click()).not.toThrow();
  });

  it('feeds a real tracker: events end up queued', () => {
    document.body.innerHTML = '<button data-track="buy">Buy</button>';
    const storage = memorySafeStorage();
    const tracker = createTracker({ storage, send: () => true });
    const events = createEventFactory({ config, doc: document, win: window });
    stops.push(startAnalytics({ win: window, doc: document, tracker, events }), () => tracker.stop());
    document.querySelector('button')!.click();
    expect(tracker.queued().map((e) => e.type)).toEqual(['view', 'click']);
  });
});
