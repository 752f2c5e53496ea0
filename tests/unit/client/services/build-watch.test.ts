// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../../client/constants.js';
import { isNewBuild, startBuildWatch } from '../../../../client/services/build-watch.js';
import { testConfig } from './helpers.js';

describe('isNewBuild', () => {
  it('is true only for a different, non-empty build id', () => {
    expect(isNewBuild('a', 'b')).toBe(true);
    expect(isNewBuild('a', 'a')).toBe(false);
    expect(isNewBuild('a', '')).toBe(false);
    expect(isNewBuild('a', undefined)).toBe(false);
    expect(isNewBuild('a', 7)).toBe(false);
  });
});

describe('startBuildWatch', () => {
  let visibility: DocumentVisibilityState;
  let doc: EventTarget & { visibilityState: DocumentVisibilityState };
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    const target = new EventTarget();
    Object.defineProperty(target, 'visibilityState', { get: () => visibility });
    doc = target as typeof doc;
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  const setVisibility = (state: DocumentVisibilityState) => {
    visibility = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };

  function watch(answers: unknown[]) {
    const fetch = vi.fn(async () => new Response(JSON.stringify(answers.shift() ?? { buildId: 'build-1' })));
    const reload = vi.fn();
    stop = startBuildWatch({ config: testConfig(), doc: doc as unknown as Document, fetch: fetch as unknown as typeof globalThis.fetch, reload });
    return { fetch, reload };
  }

  it('polls /builds/latest.json without cache every buildPollMs and never reloads for the same id', async () => {
    const { fetch, reload } = watch([{ buildId: 'build-1' }, { buildId: 'build-1' }]);
    await vi.advanceTimersByTimeAsync(TIMING.buildPollMs - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('/builds/latest.json', { cache: 'no-store' });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(TIMING.buildPollMs);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('on a new build reloads when the page is next hidden, not while it is read', async () => {
    const { fetch, reload } = watch([{ buildId: 'build-2' }]);
    await vi.advanceTimersByTimeAsync(TIMING.buildPollMs);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TIMING.buildPollMs);
    expect(fetch).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    expect(reload).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    setVisibility('hidden');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks when the page becomes visible, and reloads at once if it is hidden by then', async () => {
    const { fetch, reload } = watch([{ buildId: 'build-2' }]);
    setVisibility('visible');
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores fetch and parse failures', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('<html>'));
    const reload = vi.fn();
    stop = startBuildWatch({ config: testConfig(), doc: doc as unknown as Document, fetch, reload });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(TIMING.buildPollMs * 2);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });
});
