/** Helpers every probe uses: run without throwing, and give up after a time. */

export function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Resolves with the promise's value, or `fallback` when it rejects or takes longer than `ms`. */
export function withTimeout<T, F>(work: () => Promise<T> | T, ms: number, fallback: F): Promise<T | F> {
  return new Promise<T | F>((resolve) => {
    let done = false;
    const finish = (value: T | F) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(fallback), ms);
    try {
      Promise.resolve(work()).then(finish, () => finish(fallback as F));
    } catch {
      finish(fallback);
    }
  });
}

/** JSON has no Infinity or NaN: those become null. */
export function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
