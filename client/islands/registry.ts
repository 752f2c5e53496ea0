import type { ComponentType } from 'react';
import type { IslandName } from './island-names.js';

/**
 * One dynamic import per island: esbuild makes each its own chunk (React goes to a shared chunk), so
 * a page downloads only the islands it contains.
 */
// Islands take different props; the registry only pairs a name with whatever component renders it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandModule = { default: ComponentType<any> };

export const ISLAND_LOADERS: Record<IslandName, () => Promise<IslandModule>> = {
  'back-to-top': () => import('./back-to-top.js'),
  'qr-consult': () => import('./qr-consult.js'),
  'mobile-banner': () => import('./mobile-banner.js'),
  tooltip: () => import('./tooltip.js'),
  'error-screen': () => import('./error-screen.js'),
};
