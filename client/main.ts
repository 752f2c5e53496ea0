/**
 * The client runtime's entry. Pages are complete without it; everything here only improves them.
 * Order matters only where noted: visitor state first (other calls report it), heavy and
 * third-party work (tracking, chat, one-tap) after the page has loaded and gone idle.
 */
import { createApiClient } from './api/api-client.js';
import { TIMING } from './constants.js';
import { startIslands } from './islands/start-islands.js';
import { rememberLocaleChoice } from './locale-cookie.js';
import { enhanceMenu } from './menu.js';
import { startPrefetch } from './navigation/prefetch.js';
import { startScrollHandling } from './navigation/scroll.js';
import { fillNotFoundPath } from './not-found.js';
import { safeStorage } from './platform/storage.js';
import { readRuntimeConfig } from './runtime-config.js';
import { type RuntimeConfig } from '../src/model/browser-contract.js';
import { startBuildWatch } from './services/build-watch.js';
import { startDownloadButtons } from './services/client-version.js';
import { isChunkLoadError, reloadOnChunkFailure } from './services/reload-guard.js';
import { startVisitor, type VisitorState } from './visitor/start-visitor.js';
import { startImagePlaceholders } from './widgets/image-placeholder.js';
import { showFatalError } from './widgets/fatal-error.js';
import { createLoading } from './widgets/loading.js';
import { setToastCloseLabel, showToast } from './widgets/show-toast.js';

startImagePlaceholders(document);
fillNotFoundPath(document, window.location, window.history);
rememberLocaleChoice(document);
enhanceMenu(document);
startScrollHandling(document, window);

const config = readRuntimeConfig(document);
if (config) start(config);
else startIslands(document);

function start(config: RuntimeConfig): void {
  const api = createApiClient();
  const storage = safeStorage();
  const session = safeStorage(() => globalThis.sessionStorage);

  // Spec §8: a chunk that fails to load reloads the page, at most once per 10 s; after that the
  // fatal error screen is shown instead of reloading in a loop.
  const onChunkError = (error: unknown) => {
    if (!isChunkLoadError(error) && !(error instanceof TypeError)) return;
    if (!reloadOnChunkFailure({ storage: session, reload: () => window.location.reload() })) {
      showFatalError(config);
    }
  };
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) onChunkError(event.reason);
  });
  startIslands(document, { onLoadError: onChunkError });

  setToastCloseLabel(config.messages.toastClose);
  const loading = createLoading();
  const visitor: VisitorState = startVisitor({ doc: document, location: window.location, storage, api, config });
  startDownloadButtons(document, { api, config, location: window.location, loading });
  startBuildWatch({ config, doc: document, reload: () => window.location.reload() });
  startPrefetch(document, window);

  afterLoadAndIdle(() => {
    void import('./start-deferred.js')
      .then((m) => m.startDeferred({ config, api, storage, visitor, toast: (message, kind) => void showToast(message, kind, TIMING.toastInUseMs) }))
      .catch(onChunkError);
  });
}

function afterLoadAndIdle(run: () => void): void {
  const idle = () => {
    const ric = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    if (ric) ric(run, { timeout: 3000 });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
