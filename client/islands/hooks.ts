import { useEffect, useRef, useState } from 'react';
import { MOBILE_QUERY, TIMING } from '../constants.js';

/**
 * Calls `onScroll(scrollY, previousScrollY)` at most once per 200 ms (spec §9 scroll throttle),
 * with the position at the end of the window so the last movement is never missed.
 */
export function useThrottledScroll(onScroll: (y: number, previousY: number) => void): void {
  const handler = useRef(onScroll);
  handler.current = onScroll;
  useEffect(() => {
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const y = window.scrollY;
        handler.current(y, last);
        last = y;
      }, TIMING.scrollThrottleMs);
    };
    window.addEventListener('scroll', listener, { passive: true });
    return () => {
      window.removeEventListener('scroll', listener);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
}


/** Whether the viewport is mobile-sized (spec §9: at most 767 px). False on the server and before mount. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return mobile;
}
