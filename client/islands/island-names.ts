/**
 * The islands a template can place. The server renders each with its props; the browser hydrates
 * each with the same component and props (client/islands/registry.ts).
 */
export const ISLAND_NAMES = ['back-to-top', 'qr-consult', 'mobile-banner', 'tooltip', 'error-screen', 'search'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * When an island's code is fetched and hydrated:
 * - idle: when the browser is idle after load;
 * - visible: when the island comes near the viewport;
 * - interaction: at the visitor's first scroll, key, pointer or touch (a widget that has nothing to do
 *   before that, such as back-to-top, costs a page that is only read nothing);
 * - mobile: when idle, but only on a mobile-sized viewport (spec §9: at most 767 px).
 */
export type IslandLoad = 'idle' | 'visible' | 'interaction' | 'mobile';
