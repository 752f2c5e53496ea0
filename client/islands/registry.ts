import type { ComponentType } from 'react';
import type { IslandName } from './island-names.js';

/**
 * How each island's component is fetched: all of them but search come with the runtime in the UI
 * chunk (client/ui.ts, which says why one chunk). Search is a chunk of its own: it is on every page
 * but hydrates only at the visitor's first interaction, and a visitor who reads without
 * interacting needs none of it.
 */
// Islands take different props; the registry only pairs a name with whatever component renders it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandModule = { default: ComponentType<any> };

export const ISLAND_LOADERS: Record<IslandName, () => Promise<IslandModule>> = {
  'back-to-top': () => import('../ui.js').then((m) => ({ default: m.BackToTop })),
  'mobile-banner': () => import('../ui.js').then((m) => ({ default: m.MobileBanner })),
  'error-screen': () => import('../ui.js').then((m) => ({ default: m.ErrorScreen })),
  'qr-consult': () => import('../ui.js').then((m) => ({ default: m.QrConsult })),
  tooltip: () => import('../ui.js').then((m) => ({ default: m.Tooltip })),
  search: () => import('./search.js'),
};
