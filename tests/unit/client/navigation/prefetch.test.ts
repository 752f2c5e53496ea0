// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createPrefetcher, linkPrefetch, prefetchable, startPrefetch, type Prefetcher } from '../../../../client/navigation/prefetch.js';

interface Deferred {
  url: string;
  resolve(): void;
  reject(error: unknown): void;
}

function deferredLoads() {
  const pending: Deferred[] = [];
  const load = vi.fn((url: string) => new Promise<void>((resolve, reject) => pending.push({ url, resolve, reject })));
  return { load, pending };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('createPrefetcher', () => {
  it('runs at most 4 loads at once and starts the next as one settles', async () => {
    const { load, pending } = deferredLoads();
    const prefetcher = createPrefetcher(load);
    for (let i = 1; i <= 7; i++) prefetcher.request(`/p${i}/`);
    expect(load).toHaveBeenCalledTimes(4);
    expect(load.mock.calls.map((c) => c[0])).toEqual(['/p1/', '/p2/', '/p3/', '/p4/']);
    expect(prefetcher.requested).toEqual(['/p1/', '/p2/', '/p3/', '/p4/', '/p5/', '/p6/', '/p7/']);

    pending[1]!.resolve();
    await settle();
    expect(load).toHaveBeenCalledTimes(5);
    expect(load).toHaveBeenLastCalledWith('/p5/');

    // A failed load frees its slot too.
    pending[0]!.reject(new Error('offline'));
    await settle();
    expect(load).toHaveBeenCalledTimes(6);
    expect(load).toHaveBeenLastCalledWith('/p6/');

    await settle();
    expect(load).toHaveBeenCalledTimes(6);
    pending[2]!.resolve();
    await settle();
    expect(load).toHaveBeenCalledTimes(7);
  });

  it('never has more than 4 loads in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const { pending } = deferredLoads();
    const prefetcher = createPrefetcher((url) => {
      inFlight++;
      most = Math.max(most, inFlight);
      return new Promise<void>((resolve, reject) => pending.push({ url, resolve, reject })).finally(() => inFlight--);
    });
    for (let i = 0; i < 20; i++) prefetcher.request(`/p${i}/`);
    while (pending.length) {
      pending.shift()!.resolve();
      await settle();
    }
    expect(most).toBe(4);
    expect(prefetcher.requested).toHaveLength(20);
  });

  it('loads each URL once, even after its load has finished', async () => {
    const { load, pending } = deferredLoads();
    const prefetcher = createPrefetcher(load);
    prefetcher.request('/a/');
    prefetcher.request('/a/');
    pending[0]!.resolve();
    await settle();
    prefetcher.request('/a/');
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetcher.requested).toEqual(['/a/']);
  });

  it('takes the concurrency as a parameter', () => {
    const { load } = deferredLoads();
    const prefetcher = createPrefetcher(load, 2);
    ['/a/', '/b/', '/c/'].forEach((u) => prefetcher.request(u));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('prefetchable', () => {
  const link = (html: string) => {
    document.body.innerHTML = html;
    return document.querySelector('a')!;
  };

  beforeEach(() => {
    window.history.replaceState(null, '', '/vn/pricing');
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('accepts an internal page link, without its hash', () => {
    expect(prefetchable(link('<a href="/vn/blog/">Blog</a>'), window.location)).toBe(`${window.location.origin}/vn/blog/`);
    expect(prefetchable(link('<a href="/vn/blog/#top">Blog</a>'), window.location)).toBe(`${window.location.origin}/vn/blog/`);
    expect(prefetchable(link('<a href="/docs/guide.html">Guide</a>'), window.location)).toBe(`${window.location.origin}/docs/guide.html`);
    expect(prefetchable(link('<a href="/vn/blog/" target="_self">Blog</a>'), window.location)).toBe(`${window.location.origin}/vn/blog/`);
  });

  it('refuses another origin', () => {
    expect(prefetchable(link('<a href="https://other.example/vn/blog/">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="//cdn.example/vn/blog/">x</a>'), window.location)).toBeUndefined();
  });

  it('refuses the page itself', () => {
    expect(prefetchable(link('<a href="/vn/pricing">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="/vn/pricing#faq">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="#faq">x</a>'), window.location)).toBeUndefined();
  });

  it('refuses links that open a new tab or download', () => {
    expect(prefetchable(link('<a href="/vn/blog/" target="_blank">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="/vn/download/" download>x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="/vn/blog/" data-no-prefetch>x</a>'), window.location)).toBeUndefined();
  });

  it('refuses files that are not pages', () => {
    expect(prefetchable(link('<a href="/files/PolyBrowser-setup.exe">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="/images/banner.png">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="/docs/manual.pdf">x</a>'), window.location)).toBeUndefined();
  });

  it('refuses javascript:, mailto: and tel: links', () => {
    expect(prefetchable(link('<a href="javascript:void(0)">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="mailto:help@polybrowser.example">x</a>'), window.location)).toBeUndefined();
    expect(prefetchable(link('<a href="tel:+100000">x</a>'), window.location)).toBeUndefined();
  });
});

describe('linkPrefetch', () => {
  it('adds a <link rel="prefetch"> and settles when it loads or fails', async () => {
    const load = linkPrefetch(document);
    const done = load('/vn/blog/');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="prefetch"]:last-of-type')!;
    expect(link.getAttribute('href')).toBe('/vn/blog/');
    link.onerror!(new Event('error'));
    await expect(done).resolves.toBeUndefined();
    link.remove();
  });
});

describe('startPrefetch', () => {
  const stubPrefetcher = (): Prefetcher & { request: Mock<(url: string) => void> } => ({ request: vi.fn<(url: string) => void>(), requested: [] });
  let connection: PropertyDescriptor | undefined;

  beforeEach(() => {
    window.history.replaceState(null, '', '/vn/');
    connection = Object.getOwnPropertyDescriptor(navigator, 'connection');
  });

  afterEach(() => {
    if (connection) Object.defineProperty(navigator, 'connection', connection);
    else delete (navigator as { connection?: unknown }).connection;
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const setConnection = (value: object) => Object.defineProperty(navigator, 'connection', { configurable: true, value });

  it('requests an internal link when the pointer moves over it', () => {
    setConnection({ saveData: false, effectiveType: '4g' });
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<nav><a href="/vn/blog/"><span>Blog</span></a><a href="https://other.example/">Other</a></nav>';
    const prefetcher = stubPrefetcher();
    startPrefetch(doc, window, prefetcher);
    doc.querySelector('span')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(prefetcher.request).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/vn/blog/`);
    doc.querySelector('a[href^="https"]')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(prefetcher.request).toHaveBeenCalledTimes(1);
  });

  it('requests a link that gets keyboard focus or a touch', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<a id="a" href="/vn/pricing/">Pricing</a><a id="b" href="/vn/help/">Help</a><p>text</p>';
    const prefetcher = stubPrefetcher();
    startPrefetch(doc, window, prefetcher);
    doc.getElementById('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    doc.getElementById('b')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    doc.querySelector('p')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(prefetcher.request.mock.calls).toEqual([[`${window.location.origin}/vn/pricing/`], [`${window.location.origin}/vn/help/`]]);
  });

  it('does nothing when the visitor asked to save data', () => {
    setConnection({ saveData: true });
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<main><a href="/vn/blog/">Blog</a></main>';
    const observe = vi.fn();
    vi.stubGlobal('IntersectionObserver', class { observe = observe; unobserve() {} disconnect() {} });
    const prefetcher = stubPrefetcher();
    expect(startPrefetch(doc, window, prefetcher)).toBe(prefetcher);
    doc.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    doc.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetcher.request).not.toHaveBeenCalled();
    expect(observe).not.toHaveBeenCalled();
  });

  it('does nothing on a 2G connection', () => {
    setConnection({ saveData: false, effectiveType: 'slow-2g' });
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<a href="/vn/blog/">Blog</a>';
    const prefetcher = stubPrefetcher();
    startPrefetch(doc, window, prefetcher);
    doc.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(prefetcher.request).not.toHaveBeenCalled();
  });

  it('requests links in main when they come into view', () => {
    let callback: IntersectionObserverCallback | undefined;
    const observed: Element[] = [];
    const unobserve = vi.fn();
    vi.stubGlobal('IntersectionObserver', class {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve = unobserve;
      disconnect() {}
    });
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<header><a href="/vn/about/">About</a></header><main><a id="in" href="/vn/blog/post/">Post</a><a id="out" href="/vn/news/">News</a></main>';
    const prefetcher = stubPrefetcher();
    startPrefetch(doc, window, prefetcher);
    expect(observed.map((a) => a.id)).toEqual(['in', 'out']);
    const inView = doc.getElementById('in')!;
    callback!([{ target: inView, isIntersecting: true } as unknown as IntersectionObserverEntry, { target: doc.getElementById('out')!, isIntersecting: false } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(prefetcher.request).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/vn/blog/post/`);
    expect(unobserve).toHaveBeenCalledExactlyOnceWith(inView);
  });
});
