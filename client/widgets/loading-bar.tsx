import { TIMING } from '../constants.js';

export type LoadingState = 'loading' | 'done' | 'error';

/**
 * Spec §2: a 3 px bar at the top that fills over 2000 ms while something loads, completes on finish
 * and turns red on error. The fill is a CSS transition; durations come from the constants module.
 */
export function LoadingBar({ state }: { state: LoadingState }) {
  return (
    <div
      className={`loading-bar is-${state}`}
      role="progressbar"
      aria-hidden="true"
      style={{ height: `${TIMING.loadingHeightPx}px`, transitionDuration: state === 'loading' ? `${TIMING.loadingDurationMs}ms` : '200ms' }}
    />
  );
}
