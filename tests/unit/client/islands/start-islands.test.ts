// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IslandModule } from '../../../../client/islands/registry.js';
import { startIslands } from '../../../../client/islands/start-islands.js';

const BackToTopStub = () => null;
const TooltipStub = () => null;

const loaded = (component: IslandModule['default']) => vi.fn(async (): Promise<IslandModule> => ({ default: component }));

/** An IntersectionObserver stand-in whose reports the test sends. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  readonly unobserved: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback, readonly options?: IntersectionObserverInit) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
    this.unobserved.push(target);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  report(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function page(html: string): void {
  document.body.innerHTML = html;
}

const island = (name: string) => document.querySelector<HTMLElement>(`[data-island="${name}"]`)!;

describe('startIslands', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('hydrates idle islands on a timer when there is no requestIdleCallback', async () => {
    page('<div class="island" data-island="back-to-top" data-load="idle" data-props="{&quot;label&quot;:&quot;Top&quot;,&quot;sprite&quot;:&quot;/s.svg&quot;}"><a class="to-top"></a></div>');
    const load = loaded(BackToTopStub);
    const hydrate = vi.fn();
    expect((window as { requestIdleCallback?: unknown }).requestIdleCallback).toBeUndefined();
    startIslands(document, { loaders: { 'back-to-top': load }, hydrate });
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(hydrate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledWith(island('back-to-top'), BackToTopStub, { label: 'Top', sprite: '/s.svg' });
    expect(island('back-to-top').dataset.hydrated).toBe('true');
  });

  it('hydrates idle islands from requestIdleCallback, with a 2 s timeout', async () => {
    page('<div data-island="back-to-top" data-load="idle" data-props="{}"><a></a></div><div data-island="tooltip" data-props="{}"><span></span></div>');
    const callbacks: (() => void)[] = [];
    const ric = vi.fn((cb: () => void) => {
      callbacks.push(cb);
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', ric);
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'back-to-top': loaded(BackToTopStub), tooltip: loaded(TooltipStub) }, hydrate });
    expect(ric).toHaveBeenCalledTimes(1);
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrate).not.toHaveBeenCalled();
    callbacks[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(hydrate).toHaveBeenCalledTimes(2);
    // An island without data-load is idle.
    expect(island('tooltip').dataset.hydrated).toBe('true');
    expect(island('back-to-top').dataset.hydrated).toBe('true');
  });

  it('hydrates a visible island only when its first child is reported intersecting', async () => {
    page('<div class="island" data-island="tooltip" data-load="visible" data-props="{&quot;id&quot;:&quot;t1&quot;}"><span class="tooltip-anchor"></span></div>');
    const load = loaded(TooltipStub);
    const hydrate = vi.fn();
    startIslands(document, { loaders: { tooltip: load }, hydrate });
    expect(FakeObserver.instances).toHaveLength(1);
    const observer = FakeObserver.instances[0]!;
    const wrapper = island('tooltip');
    const child = wrapper.firstElementChild!;
    expect([...observer.observed]).toEqual([child]);
    expect(observer.options?.rootMargin).toBe('200px');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).not.toHaveBeenCalled();
    observer.report(child, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    expect(wrapper.dataset.hydrated).toBeUndefined();

    observer.report(child, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledWith(wrapper, TooltipStub, { id: 't1' });
    expect(wrapper.dataset.hydrated).toBe('true');
    expect(observer.unobserved).toEqual([child]);
  });

  it('hydrates each visible island when its own child intersects', async () => {
    page('<div data-island="tooltip" data-load="visible" data-props="{&quot;id&quot;:&quot;a&quot;}"><span id="a"></span></div>'
      + '<div data-island="tooltip" data-load="visible" data-props="{&quot;id&quot;:&quot;b&quot;}"><span id="b"></span></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { tooltip: loaded(TooltipStub) }, hydrate });
    const observer = FakeObserver.instances[0]!;
    observer.report(document.getElementById('b')!, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(hydrate.mock.calls[0]![2]).toEqual({ id: 'b' });
    expect(document.getElementById('a')!.parentElement!.dataset.hydrated).toBeUndefined();
  });

  it('does not wait for idle time for a visible island, nor observe an idle one', async () => {
    page('<div data-island="back-to-top" data-load="idle" data-props="{}"><a></a></div><div data-island="tooltip" data-load="visible" data-props="{}"><span></span></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'back-to-top': loaded(BackToTopStub), tooltip: loaded(TooltipStub) }, hydrate });
    const observer = FakeObserver.instances[0]!;
    expect([...observer.observed]).toEqual([island('tooltip').firstElementChild]);
    await vi.advanceTimersByTimeAsync(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(hydrate.mock.calls[0]![0]).toBe(island('back-to-top'));
  });

  it('hydrates visible islands at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    page('<div data-island="tooltip" data-load="visible" data-props="{}"><span></span></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { tooltip: loaded(TooltipStub) }, hydrate });
    await vi.advanceTimersByTimeAsync(0);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hands a chunk that fails to load to onLoadError with the island name, and leaves it unhydrated', async () => {
    page('<div data-island="back-to-top" data-props="{}"><a></a></div>');
    const error = new Error('Failed to fetch dynamically imported module');
    const onLoadError = vi.fn();
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'back-to-top': vi.fn(() => Promise.reject(error)) }, hydrate, onLoadError });
    await vi.advanceTimersByTimeAsync(1);
    expect(onLoadError).toHaveBeenCalledTimes(1);
    expect(onLoadError).toHaveBeenCalledWith(error, 'back-to-top');
    expect(hydrate).not.toHaveBeenCalled();
    expect(island('back-to-top').hasAttribute('data-hydrated')).toBe(false);
  });

  it('ignores an island name it does not know', async () => {
    page('<div data-island="carousel" data-props="{}"><div></div></div><div data-island="back-to-top" data-props="{}"><a></a></div>');
    const hydrate = vi.fn();
    const onLoadError = vi.fn();
    expect(() => startIslands(document, { loaders: { 'back-to-top': loaded(BackToTopStub) }, hydrate, onLoadError })).not.toThrow();
    await vi.advanceTimersByTimeAsync(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(hydrate.mock.calls[0]![0]).toBe(island('back-to-top'));
    expect(island('carousel').hasAttribute('data-hydrated')).toBe(false);
    expect(onLoadError).not.toHaveBeenCalled();
  });

  it('does not throw on props that are not JSON, and still hydrates the other islands', async () => {
    page('<div data-island="tooltip" data-props="{not json"><span></span></div><div data-island="back-to-top" data-props="{}"><a></a></div>');
    const hydrate = vi.fn();
    const onLoadError = vi.fn();
    const tooltipLoad = loaded(TooltipStub);
    expect(() => startIslands(document, { loaders: { tooltip: tooltipLoad, 'back-to-top': loaded(BackToTopStub) }, hydrate, onLoadError })).not.toThrow();
    await vi.advanceTimersByTimeAsync(1);
    expect(tooltipLoad).not.toHaveBeenCalled();
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(hydrate.mock.calls[0]![0]).toBe(island('back-to-top'));
    expect(island('tooltip').dataset.hydrated).not.toBe('true');
    expect(onLoadError).not.toHaveBeenCalled();
  });

  it('passes {} as props when data-props is missing', async () => {
    page('<div data-island="back-to-top"><a></a></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'back-to-top': loaded(BackToTopStub) }, hydrate });
    await vi.advanceTimersByTimeAsync(1);
    expect(hydrate).toHaveBeenCalledWith(island('back-to-top'), BackToTopStub, {});
  });

  it('hydrates an island once even when started twice', async () => {
    page('<div data-island="back-to-top" data-props="{}"><a></a></div>');
    const hydrate = vi.fn();
    const options = { loaders: { 'back-to-top': loaded(BackToTopStub) }, hydrate };
    startIslands(document, options);
    await vi.advanceTimersByTimeAsync(1);
    startIslands(document, options);
    await vi.advanceTimersByTimeAsync(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a page without islands', async () => {
    page('<main><p>No islands</p></main>');
    const hydrate = vi.fn();
    startIslands(document, { hydrate });
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrate).not.toHaveBeenCalled();
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('hydrates interaction islands at the first scroll, key, pointer or touch, and not before', async () => {
    page('<div class="island" data-island="back-to-top" data-load="interaction" data-props="{}"><a class="to-top"></a></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'back-to-top': loaded(BackToTopStub) }, hydrate });
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrate).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hydrate).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates mobile islands only on a mobile-sized viewport, or when the viewport becomes one', async () => {
    const listeners: (() => void)[] = [];
    const query = { matches: false, addEventListener: (_: string, fn: () => void) => listeners.push(fn), removeEventListener: vi.fn() };
    vi.stubGlobal('matchMedia', vi.fn((q: string) => (expect(q).toBe('(max-width: 767px)'), query)));
    page('<div class="island" data-island="mobile-banner" data-load="mobile" data-props="{}"><div class="mobile-banner"></div></div>');
    const hydrate = vi.fn();
    startIslands(document, { loaders: { 'mobile-banner': loaded(BackToTopStub) }, hydrate });
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrate).not.toHaveBeenCalled();
    query.matches = true;
    listeners.forEach((fn) => fn());
    await vi.advanceTimersByTimeAsync(10);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });
});
