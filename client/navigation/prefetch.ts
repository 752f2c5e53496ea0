import { TIMING } from '../constants.js';

/**
 * Route preloading (spec §9): internal links are prefetched when hovered or when they come into
 * view, at most 4 at a time, each page once. Skipped when the visitor asked to save data.
 */
export interface Prefetcher {
  request(url: string): void;
  /** URLs requested so far, in order (for tests and the debugging console). */
  readonly requested: readonly string[];
}

export function createPrefetcher(load: (url: string) => Promise<void>, concurrency: number = TIMING.prefetchConcurrency): Prefetcher {
  const requested: string[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  let running = 0;
  const pump = () => {
    while (running < concurrency && queue.length) {
      const url = queue.shift()!;
      running++;
      load(url).catch(() => undefined).finally(() => {
        running--;
        pump();
      });
    }
  };
  return {
    requested,
    request(url) {
      if (seen.has(url)) return;
      seen.add(url);
      requested.push(url);
      queue.push(url);
      pump();
    },
  };
}

/** A same-origin page link worth prefetching: not this page, not a download, not a new tab. */
export function prefetchable(link: HTMLAnchorElement, location: Location): string | undefined {
  if (link.target && link.target !== '_self') return undefined;
  if (link.hasAttribute('download') || link.dataset.noPrefetch !== undefined) return undefined;
  let url: URL;
  try {
    url = new URL(link.href, location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (url.pathname === location.pathname) return undefined;
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return undefined;
  url.hash = '';
  return url.href;
}

/** Prefetch by <link rel="prefetch">: the browser keeps the page for the next navigation. */
export function linkPrefetch(doc: Document): (url: string) => Promise<void> {
  return (url) => new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    doc.head.append(link);
  });
}

export function startPrefetch(doc: Document, win: Window, prefetcher: Prefetcher = createPrefetcher(linkPrefetch(doc))): Prefetcher {
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return prefetcher;
  const consider = (el: Element | null) => {
    const link = el?.closest?.('a[href]') as HTMLAnchorElement | null;
    const url = link && prefetchable(link, win.location);
    if (url) prefetcher.request(url);
  };
  doc.addEventListener('mouseover', (event) => consider(event.target as Element), { passive: true });
  doc.addEventListener('focusin', (event) => consider(event.target as Element));
  doc.addEventListener('touchstart', (event) => consider(event.target as Element), { passive: true });
  const IO = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (IO) {
    const observer = new IO((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        consider(entry.target);
      }
    });
    doc.querySelectorAll('main a[href]').forEach((a) => observer.observe(a));
  }
  return prefetcher;
}
