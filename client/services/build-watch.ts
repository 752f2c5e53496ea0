/**
 * Spec §4/§7: the page asks /builds/latest.json (same origin, not an API call, so plain fetch with
 * cache 'no-store') every few minutes and whenever it becomes visible. A different build id means a
 * newer deploy: the page reloads while hidden (now, or the next time it is hidden), so a visitor is
 * never interrupted mid-read.
 */
import { TIMING } from '../constants.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';

export const LATEST_BUILD_URL = '/builds/latest.json';

/** True when `latest` names a build and it is not the current one. */
export function isNewBuild(current: string, latest: unknown): boolean {
  return typeof latest === 'string' && latest !== '' && current !== '' && latest !== current;
}

export interface BuildWatchDeps {
  config: Pick<RuntimeConfig, 'buildId'>;
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  fetch?: typeof fetch;
  reload: () => void;
  url?: string;
}

/** Starts watching; returns a stop function. Fetch and parse failures are ignored. */
export function startBuildWatch(deps: BuildWatchDeps): () => void {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const current = deps.config.buildId;
  if (!current) return () => {};
  let found = false;
  let checking = false;
  let stopped = false;

  const reloadIfHidden = () => {
    if (found && !stopped && deps.doc.visibilityState === 'hidden') {
      stop();
      deps.reload();
    }
  };

  const check = async () => {
    if (found || checking || stopped) return;
    checking = true;
    try {
      const response = await doFetch(deps.url ?? LATEST_BUILD_URL, { cache: 'no-store' });
      if (!response.ok) return;
      const body = (await response.json()) as { buildId?: unknown } | null;
      if (!stopped && isNewBuild(current, body?.buildId)) {
        found = true;
        clearInterval(timer);
        reloadIfHidden();
      }
    } catch {
      // Offline or a deploy in progress: ask again later.
    } finally {
      checking = false;
    }
  };

  const onVisibility = () => {
    if (deps.doc.visibilityState === 'hidden') reloadIfHidden();
    else void check();
  };

  const timer = setInterval(() => void check(), TIMING.buildPollMs);
  deps.doc.addEventListener('visibilitychange', onVisibility);

  function stop() {
    stopped = true;
    clearInterval(timer);
    deps.doc.removeEventListener('visibilitychange', onVisibility);
  }
  return stop;
}
