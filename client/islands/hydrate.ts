import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates one island on its own root. Part of the UI chunk (client/ui.ts), apart from
 * start-islands.ts, so the React-compatible runtime is fetched only when an island hydrates.
 */
export function hydrateIsland(el: HTMLElement, component: ComponentType<object>, props: object): void {
  hydrateRoot(el, createElement(component, props), {
    // Under React a mismatch is recovered by re-rendering the island; preact/compat (the browser's
    // runtime) adopts the server's nodes as they are and never calls this.
    onRecoverableError: (error) => console.warn('island', el.dataset.island, error),
  });
}
