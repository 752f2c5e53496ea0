const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The parent when sitegen started (a build of many seconds can come before the wait begins). */
const PARENT_AT_START = process.ppid;

/**
 * Resolves, with what stopped it, when a long-running command (serve, dev) is told to stop:
 * SIGINT (Ctrl-C), SIGTERM, SIGHUP (its terminal closed), or, when npm started it, the end of the
 * shell npm runs it in. `npx sitegen dev` runs `sh -c "sitegen dev"` under npm, and npm passes a
 * SIGTERM on to that shell only: the shell dies and sitegen, left behind, would serve on for good.
 * No event says a process's parent ended, so the parent is looked at twice a second (the timer keeps
 * nothing alive). Outside npm a parent that ends is no reason to stop: `sitegen serve &` from a
 * script, or under nohup, must outlive it. After the first stop the handlers are gone, so a second
 * Ctrl-C ends a slow shutdown the usual way.
 */
export function untilStopped(env: Record<string, string | undefined> = process.env): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      clearInterval(watch);
      resolve(reason);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    const watch = env.npm_lifecycle_event === undefined ? undefined : setInterval(() => {
      if (process.ppid !== PARENT_AT_START) stop('the npm shell it ran in ended');
    }, 500).unref();
  });
}
