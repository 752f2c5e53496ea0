import { MOBILE_QUERY } from '../constants.js';
import { ISLAND_NAMES, type IslandLoad, type IslandName } from './island-names.js';
import { ISLAND_LOADERS } from './registry.js';

/**
 * Finds the page's islands and hydrates each on its own, when the browser is idle (data-load="idle")
 * or when it first comes near the viewport (data-load="visible"). A chunk that fails to load is
 * handed to `onLoadError` (the reload guard); the server-rendered markup stays usable meanwhile.
 */
export interface StartIslandsOptions {
  onLoadError?: (error: unknown, name: IslandName) => void;
  /** For tests: replace the registry's dynamic imports. */
  loaders?: Partial<typeof ISLAND_LOADERS>;
  hydrate?: (el: HTMLElement, component: never, props: object) => void;
}

export function startIslands(doc: Document, options: StartIslandsOptions = {}): void {
  const groups: Record<IslandLoad, HTMLElement[]> = { idle: [], visible: [], interaction: [], mobile: [] };
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = el.dataset.load as IslandLoad;
    (groups[load] ?? groups.idle).push(el);
  }
  const view = doc.defaultView;
  const hydrateAll = (els: HTMLElement[]) => els.forEach((el) => void hydrateOne(el, options));
  if (groups.idle.length) whenIdle(view, () => hydrateAll(groups.idle));
  if (groups.visible.length) whenVisible(view, groups.visible, (el) => void hydrateOne(el, options));
  if (groups.interaction.length) whenInteracted(view, () => hydrateAll(groups.interaction));
  if (groups.mobile.length) whenMobile(view, () => whenIdle(view, () => hydrateAll(groups.mobile)));
}

const INTERACTIONS = ['scroll', 'keydown', 'pointerdown', 'touchstart', 'mousemove'] as const;

function whenInteracted(view: Window | null, run: () => void): void {
  if (!view) return run();
  const once = () => {
    INTERACTIONS.forEach((type) => view.removeEventListener(type, once));
    run();
  };
  INTERACTIONS.forEach((type) => view.addEventListener(type, once, { passive: true }));
}

function whenMobile(view: Window | null, run: () => void): void {
  const query = view?.matchMedia?.(MOBILE_QUERY);
  if (!query) return;
  if (query.matches) return run();
  const change = () => {
    if (!query.matches) return;
    query.removeEventListener?.('change', change);
    run();
  };
  query.addEventListener?.('change', change);
}

async function hydrateOne(el: HTMLElement, options: StartIslandsOptions): Promise<void> {
  const name = el.dataset.island as IslandName;
  if (!ISLAND_NAMES.includes(name) || el.dataset.hydrated) return;
  el.dataset.hydrated = 'pending';
  let props: object;
  try {
    props = JSON.parse(el.dataset.props ?? '{}') as object;
  } catch {
    return;
  }
  const load = options.loaders?.[name] ?? ISLAND_LOADERS[name];
  try {
    const [module, hydrate] = await Promise.all([
      load(),
      options.hydrate ? Promise.resolve(options.hydrate) : import('../ui.js').then((m) => m.hydrateIsland),
    ]);
    (hydrate as (el: HTMLElement, c: unknown, p: object) => void)(el, module.default, props);
    el.dataset.hydrated = 'true';
  } catch (error) {
    delete el.dataset.hydrated;
    options.onLoadError?.(error, name);
  }
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

function whenIdle(view: Window | null, run: () => void): void {
  const ric = (view as IdleWindow | null)?.requestIdleCallback;
  // The timeout bounds the wait on a page that never goes idle (Safari has no requestIdleCallback).
  if (ric) ric.call(view, run, { timeout: 2000 });
  else setTimeout(run, 1);
}

function whenVisible(view: Window | null, elements: HTMLElement[], run: (el: HTMLElement) => void): void {
  const IO = (view as (Window & { IntersectionObserver?: typeof IntersectionObserver }) | null)?.IntersectionObserver;
  if (!IO) {
    elements.forEach(run);
    return;
  }
  // The wrapper is display: contents and has no box to intersect, so its first child is watched.
  const islandOf = new Map<Element, HTMLElement>();
  const observer = new IO((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      run(islandOf.get(entry.target)!);
    }
  }, { rootMargin: '200px' });
  for (const el of elements) {
    const target = el.firstElementChild ?? el;
    islandOf.set(target, el);
    observer.observe(target);
  }
}
