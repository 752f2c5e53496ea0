import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

/** Tells React that updates happen inside act(), so it flushes them there and does not warn. */
export function enableAct(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}

export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

/** Renders `element` into a fresh container at the end of body, effects flushed. */
export function mount(element: ReactElement): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    container,
    root,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Advances fake time inside act, so state set by timers is rendered and new effects are scheduled. */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Stubs window.matchMedia: only the mobile query matches, and only when `mobile` is true. */
export function stubViewport(mobile: boolean): ReturnType<typeof vi.fn> {
  const matchMedia = vi.fn((query: string) => ({
    matches: mobile && query === '(max-width: 767px)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return matchMedia;
}

let scrollY = 0;
let scrollInstalled = false;

/** Sets window.scrollY (happy-dom derives it from layout it does not do) and fires a scroll event. */
export function scrollTo(y: number, { dispatch = true }: { dispatch?: boolean } = {}): void {
  if (!scrollInstalled) {
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    scrollInstalled = true;
  }
  scrollY = y;
  if (dispatch) act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** React's onMouseEnter/onMouseLeave come from mouseover/mouseout; this fires them as a pointer would. */
export function hover(el: Element): void {
  act(() => {
    el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: null }));
  });
}

export function unhover(el: Element): void {
  act(() => {
    el.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  });
}

export function click(el: Element): void {
  act(() => {
    (el as HTMLElement).click();
  });
}
