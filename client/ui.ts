/**
 * Everything that needs React, as one chunk: the React-compatible runtime (preact/compat, aliased by
 * src/bundle/bundle-client.ts), the islands found on most pages, the
 * widgets shown on demand (toasts, loading bar, consent banner) and the two
 * functions that put a component on the page (hydrate an island, render a widget). The browser
 * fetches it at the first island that hydrates or the first widget shown; a page that is only read
 * never does.
 *
 * One chunk rather than one per component: every page can show every widget, so the report counts them on every page anyway, and ten small chunks cost ~2.9 kB gzip
 * more than the same code in one (each compressed alone, each with its own imports and exports).
 * That holds for the islands only some pages have (tooltip: pricing; QR: zh) too: as chunks of their
 * own they cost the one page that has both more than they save the others (docs/client.md).
 */
import './islands/effect-timing.js';
export { hydrateIsland } from './islands/hydrate.js';
export { renderWidget, removeWidget } from './widgets/mount-widget.js';
export { default as BackToTop } from './islands/back-to-top.js';
export { default as MobileBanner } from './islands/mobile-banner.js';
export { default as ErrorScreen } from './islands/error-screen.js';
export { ToastStack } from './widgets/toast.js';
export { LoadingBar } from './widgets/loading-bar.js';
export { ConsentBanner } from './widgets/consent-banner.js';
export { default as QrConsult } from './islands/qr-consult.js';
export { default as Tooltip } from './islands/tooltip.js';
