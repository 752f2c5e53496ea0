import type { Page } from 'playwright-core';

export interface LayoutShifts {
  /** The sum of the page's layout shifts not caused by input (its CLS, without session windows). */
  cls: number;
  /** What moved in each shift, where from and where to: a failure names the element, not only a number. */
  moved: string[];
}

/**
 * An init script (page.addInitScript): observes the page's layout shifts from its start, for
 * layoutShifts() to read.
 */
export function observeLayoutShifts(): void {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  const state = { cls: 0, moved: [] as string[], observer: undefined as PerformanceObserver | undefined };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
  };
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries as Shift[]) {
      if (entry.hadRecentInput) continue;
      state.cls += entry.value;
      for (const source of entry.sources ?? []) {
        state.moved.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
      }
    }
  };
  state.observer = new PerformanceObserver((list) => add(list.getEntries()));
  state.observer.observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __layoutShifts: () => LayoutShifts }).__layoutShifts = () => {
    // Those not yet handed to the observer's callback included.
    add(state.observer!.takeRecords());
    return { cls: state.cls, moved: state.moved };
  };
}

/** The layout shifts of the page so far (observeLayoutShifts must be its init script). */
export function layoutShifts(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: () => LayoutShifts }).__layoutShifts());
}
