/**
 * Islands: server-rendered widgets marked data-island="name", each loaded as its own chunk when the
 * browser is idle, so a page pays only for the widgets it has.
 */
const LOADERS: Record<string, () => Promise<{ mount(el: HTMLElement): void }>> = {
  'back-to-top': () => import('./back-to-top.js'),
};

export function startIslands(doc: Document): void {
  const elements = [...doc.querySelectorAll<HTMLElement>('[data-island]')];
  if (elements.length === 0) return;
  const run = () => {
    for (const el of elements) {
      const load = LOADERS[el.dataset.island ?? ''];
      if (!load) continue;
      load().then((m) => m.mount(el)).catch(() => {
        // A widget that fails to load leaves its server-rendered fallback in place.
      });
    }
  };
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
  if (idle) idle(run);
  else setTimeout(run, 1);
}
