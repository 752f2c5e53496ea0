import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Widgets that are not on the page at load (toasts, the loading bar, the consent banner, the fatal
 * error screen) are React components (run on preact/compat in the browser) rendered on demand into a container of their own at the end of
 * body. This module is part of the UI chunk (client/ui.ts), imported dynamically, so pages that
 * never show a widget or hydrate an island never load it.
 */
const roots = new Map<string, Root>();

export function renderWidget<P extends object>(id: string, component: ComponentType<P>, props: P): void {
  let root = roots.get(id);
  if (!root) {
    const container = document.createElement('div');
    container.id = id;
    document.body.append(container);
    root = createRoot(container);
    roots.set(id, root);
  }
  root.render(createElement(component, props));
}

export function removeWidget(id: string): void {
  roots.get(id)?.unmount();
  roots.delete(id);
  document.getElementById(id)?.remove();
}
