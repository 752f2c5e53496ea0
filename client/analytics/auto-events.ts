/**
 * Events the page produces by itself (spec §3, §8): a view on start; a click for every click inside
 * an element with data-track="name"; an expose, once per element, when an element with
 * data-track-expose="name" is at least half visible; and error events 100101 (a resource failed to
 * load), 100102 (a script error) and 100103 (an unhandled promise rejection).
 */
import { ERROR_CODES } from '../constants.js';
import type { EventFactory } from './events.js';
import type { Tracker } from './queue.js';

export const RESOURCE_ERROR_MESSAGE = 'resource reload error';
/** Not in the spec: at most this many error events per page, so an error loop cannot flood the queue. */
export const MAX_ERRORS_PER_PAGE = 50;
export const EXPOSE_THRESHOLD = 0.5;

type Listener = (event: Event) => void;

export interface AnalyticsWindow {
  addEventListener(type: string, listener: Listener, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: string, listener: Listener, options?: boolean | EventListenerOptions): void;
}

export interface StartAnalyticsOptions {
  win: AnalyticsWindow;
  doc: Document;
  tracker: Pick<Tracker, 'track'> & Partial<Pick<Tracker, 'wire'>>;
  events: Pick<EventFactory, 'create'>;
  /** Default: the one on globalThis; absent means no expose events. */
  IntersectionObserver?: typeof IntersectionObserver;
  /** Default: the one on globalThis; used to notice data-track-expose elements added later. */
  MutationObserver?: typeof MutationObserver;
  maxErrors?: number;
}

/** Starts the automatic events; the returned function stops them all. */
export function startAnalytics(options: StartAnalyticsOptions): () => void {
  const stops: (() => void)[] = [];
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch {
      // Tracking failures are silently ignored (spec §8).
    }
  };
  const track = (...args: Parameters<EventFactory['create']>) => attempt(() => options.tracker.track(options.events.create(...args)));

  attempt(() => {
    if (options.tracker.wire) stops.push(options.tracker.wire(options.win as unknown as EventTarget, options.doc));
  });
  attempt(() => stops.push(wireClicks(options.doc, track)));
  attempt(() => stops.push(wireErrors(options, track)));
  attempt(() => stops.push(wireExpose(options, track)));
  track('view', viewName(options.doc));

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops) attempt(stop);
  };
}

type Track = (...args: Parameters<EventFactory['create']>) => void;

function viewName(doc: Document): string {
  try {
    return doc.location?.pathname || 'page';
  } catch {
    return 'page';
  }
}

function wireClicks(doc: Document, track: Track): () => void {
  const onClick: Listener = (event) => {
    const target = event.target as { closest?: (selector: string) => Element | null } | null;
    const el = typeof target?.closest === 'function' ? target.closest('[data-track]') : null;
    const name = el?.getAttribute('data-track');
    if (name) track('click', name);
  };
  // Capture phase: a handler that stops propagation does not hide the click.
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}

function wireErrors(options: StartAnalyticsOptions, track: Track): () => void {
  const { win } = options;
  const max = options.maxErrors ?? MAX_ERRORS_PER_PAGE;
  let count = 0;
  const report: Track = (...args) => {
    if (count >= max) return;
    count++;
    track(...args);
  };

  const onError: Listener = (event) => {
    try {
      handleError(event);
    } catch {
      // Ignore.
    }
  };
  const handleError = (event: Event) => {
    const url = resourceUrl(event.target);
    if (url !== undefined) {
      const tag = (event.target as Element).tagName?.toLowerCase() ?? '';
      report('error', 'resource_error', { code: ERROR_CODES.resourceLoad, message: RESOURCE_ERROR_MESSAGE, data: { src: url, tag } });
      return;
    }
    const e = event as Partial<ErrorEvent>;
    // A plain 'error' event on some other element (no URL, no script error): not ours to report.
    if ((event.target as Partial<Node> | null)?.nodeType === 1 && typeof e.message !== 'string') return;
    const data: Record<string, string | number> = {};
    if (typeof e.filename === 'string' && e.filename) data.filename = e.filename;
    if (typeof e.lineno === 'number') data.lineno = e.lineno;
    if (typeof e.colno === 'number') data.colno = e.colno;
    report('error', 'script_error', { code: ERROR_CODES.script, message: describe(e.message || e.error || 'script error'), data });
  };
  const onRejection: Listener = (event) => {
    const reason = (event as Partial<PromiseRejectionEvent>).reason;
    report('error', 'unhandled_rejection', { code: ERROR_CODES.unhandledRejection, message: describe(reason ?? 'unhandled rejection') });
  };

  // Resource errors do not bubble: only a capture-phase listener on window sees them.
  win.addEventListener('error', onError, true);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError, true);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** The src or href of an element that failed to load; undefined when the target is not such an element. */
function resourceUrl(target: EventTarget | null): string | undefined {
  const el = target as Partial<Element> | null;
  if (!el || el.nodeType !== 1 || typeof el.getAttribute !== 'function') return undefined;
  const withUrl = el as { src?: unknown; href?: unknown; currentSrc?: unknown };
  for (const value of [withUrl.currentSrc, withUrl.src, withUrl.href, el.getAttribute('src'), el.getAttribute('href')]) {
    if (typeof value === 'string' && value) return value;
  }
  return el.hasAttribute?.('src') || el.hasAttribute?.('href') ? '' : undefined;
}

function describe(value: unknown): string {
  try {
    if (value instanceof Error) return value.message || value.name;
    if (typeof value === 'string') return value;
    const message = (value as { message?: unknown } | null)?.message;
    if (typeof message === 'string') return message;
    return String(value);
  } catch {
    return 'unknown';
  }
}

function wireExpose(options: StartAnalyticsOptions, track: Track): () => void {
  const IO = options.IntersectionObserver ?? globalThis.IntersectionObserver;
  if (typeof IO !== 'function') return () => {};
  const { doc } = options;
  const seen = new WeakSet<Element>();
  const exposed = new WeakSet<Element>();
  const observer = new IO(
    (entries) => {
      try {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < EXPOSE_THRESHOLD) continue;
          const el = entry.target;
          observer.unobserve(el);
          // An entry already queued for the same element must not count twice.
          if (exposed.has(el)) continue;
          exposed.add(el);
          const name = el.getAttribute('data-track-expose');
          if (name) track('expose', name);
        }
      } catch {
        // Ignore.
      }
    },
    { threshold: EXPOSE_THRESHOLD },
  );
  const observeIn = (root: ParentNode) => {
    const found: Element[] = [];
    if ((root as Element).nodeType === 1 && (root as Element).hasAttribute('data-track-expose')) found.push(root as Element);
    found.push(...root.querySelectorAll('[data-track-expose]'));
    for (const el of found) {
      if (seen.has(el)) continue;
      seen.add(el);
      observer.observe(el);
    }
  };
  observeIn(doc);

  let mutations: MutationObserver | undefined;
  const MO = options.MutationObserver ?? globalThis.MutationObserver;
  if (typeof MO === 'function' && doc.body) {
    mutations = new MO((records) => {
      try {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.nodeType === 1) observeIn(node as Element);
        }
      } catch {
        // Ignore.
      }
    });
    mutations.observe(doc.body, { childList: true, subtree: true });
  }
  return () => {
    observer.disconnect();
    mutations?.disconnect();
  };
}
