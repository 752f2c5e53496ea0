import { TIMING } from '../constants.js';
import type { LoadingState } from './loading-bar.js';

export interface Loading {
  start(): void;
  finish(): void;
  error(): void;
}

/**
 * The loading bar's controller. A load that ends within 200 ms (the throttle) shows nothing; a
 * longer one shows the bar until finish() or error(), which leave it visible for the end animation.
 */
export function createLoading(render: (state: LoadingState | null) => void = renderBar): Loading {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const end = (state: LoadingState) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!shown) return;
    render(state);
    setTimeout(() => {
      shown = false;
      render(null);
    }, TIMING.toastAnimationMs);
  };
  return {
    start() {
      if (timer !== undefined || shown) return;
      timer = setTimeout(() => {
        timer = undefined;
        shown = true;
        render('loading');
      }, TIMING.loadingThrottleMs);
    },
    finish: () => end('done'),
    error: () => end('error'),
  };
}

function renderBar(state: LoadingState | null): void {
  void import('../ui.js').then(({ renderWidget, removeWidget, LoadingBar }) => {
    if (state) renderWidget('sitegen-loading', LoadingBar, { state });
    else removeWidget('sitegen-loading');
  });
}
