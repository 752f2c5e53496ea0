import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates one island on its own root. Part of the UI chunk (client/ui.ts), apart from
 * start-islands.ts, so react-dom is fetched only when an island hydrates.
 */
export function hydrateIsland(el: HTMLElement, component: ComponentType<object>, props: object): void {
  hydrateRoot(el, createElement(component, props), {
    // A mismatch is recovered by React re-rendering the island on the client; it never breaks the page.
    onRecoverableError: (error) => console.warn('island', el.dataset.island, error),
  });
}
