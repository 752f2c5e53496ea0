import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFollower } from '../../../src/serve/fresh-pages.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether the promise has settled once the timers have advanced by `ms`. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('a page asked for during a rebuild (sitegen dev)', () => {
  it('is answered at once when every change seen is built', async () => {
    const builds = buildFollower();
    expect(await settledAfter(builds.upToDate(1000), 0)).toBe(true);
    builds.changed();
    const over = builds.starts();
    over();
    expect(await settledAfter(builds.upToDate(1000), 0)).toBe(true);
  });

  it('waits for the build of a change seen before it', async () => {
    const builds = buildFollower();
    builds.changed();
    const asked = builds.upToDate(1000);
    expect(await settledAfter(asked, 500)).toBe(false);
    const over = builds.starts();
    expect(await settledAfter(asked, 100)).toBe(false);
    over();
    expect(await settledAfter(asked, 0)).toBe(true);
  });

  it('waits for the build that covers its change, not one that started before it', async () => {
    const builds = buildFollower();
    builds.changed();
    const first = builds.starts();
    builds.changed(); // saved again while the first build runs: a second build will follow
    const asked = builds.upToDate(1000);
    first();
    expect(await settledAfter(asked, 0)).toBe(false);
    builds.starts()();
    expect(await settledAfter(asked, 0)).toBe(true);
  });

  it('is answered from the last build after the limit when the rebuild takes longer', async () => {
    const builds = buildFollower();
    builds.changed();
    builds.starts(); // a full build of minutes
    const asked = builds.upToDate(1000);
    expect(await settledAfter(asked, 999)).toBe(false);
    expect(await settledAfter(asked, 1)).toBe(true);
  });
});
