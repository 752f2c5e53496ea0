/**
 * The islands a template can place. The server renders each with its props; the browser hydrates
 * each with the same component and props (client/islands/registry.ts).
 */
export const ISLAND_NAMES = ['back-to-top', 'qr-consult', 'mobile-banner', 'tooltip', 'error-screen'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** When an island's code is fetched: when the browser is idle, or when the island scrolls into view. */
export type IslandLoad = 'idle' | 'visible';
