/**
 * How long a page asked for during a rebuild waits for it, at most. A body edit takes milliseconds;
 * a full build can take minutes on a large site, and a page is better served from the last build
 * than kept waiting that long (the open page reloads when the build is done).
 */
export const HOLD_PAGES_MS = 1000;

/**
 * Tells whether the builds have caught up with the changes the file watcher has seen, so that the
 * dev server answers a page asked for right after a save with the saved page rather than the one
 * before it: a refresh made at once, or a script that saves and then fetches. Hugo's server holds
 * requests while it rebuilds, too.
 */
export function buildFollower() {
  let seen = 0;
  let built = 0;
  const waiting = new Set<() => void>();
  return {
    /** The watcher saw a change. */
    changed(): void {
      seen++;
    },
    /** A build starts with the changes seen so far; call what it returns once it is over, whatever its outcome. */
    starts(): () => void {
      const covers = seen;
      return () => {
        built = Math.max(built, covers);
        for (const check of [...waiting]) check();
      };
    },
    /** Resolves once the changes seen by now (queuedEventsRead first) are built, or after `limitMs`. */
    async upToDate(limitMs: number): Promise<void> {
      await queuedEventsRead();
      const target = seen;
      if (built >= target) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        const check = () => {
          if (built >= target) done();
        };
        const timer = setTimeout(done, limitMs);
        waiting.add(check);
      });
    },
  };
}

/**
 * Resolves once the I/O of this turn of the event loop has been read. A save made before a request
 * was sent, or before a build ended, has its file event read no later than that turn, but in an
 * order of its own within it: after this, the watcher has seen it.
 */
export function queuedEventsRead(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
