// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../../../../client/constants.js';
import type { AnalyticsEvent } from '../../../../client/analytics/events.js';
import { createTracker, QUEUE_LIMIT, readQueue, writeQueue } from '../../../../client/analytics/queue.js';
import { safeStorage } from '../../../../client/platform/storage.js';
import { makeEvent, makeEvents, memorySafeStorage, throwingSafeStorage } from './helpers.js';

const KEY = STORAGE.analyticsQueue;

function sender(result: boolean | (() => boolean | Promise<boolean>) = true) {
  const batches: AnalyticsEvent[][] = [];
  const send = vi.fn(async (batch: AnalyticsEvent[]) => {
    batches.push(batch);
    return typeof result === 'function' ? result() : result;
  });
  return { send, batches };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('analytics tracker', () => {
  it('sends a batch of 20 at once when the 20th event is tracked', async () => {
    const storage = memorySafeStorage();
    const { send, batches } = sender();
    const tracker = createTracker({ storage, send });
    const events = makeEvents(20);
    for (const e of events.slice(0, 19)) tracker.track(e);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    tracker.track(events[19]!);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(batches[0]!.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(readQueue(storage)).toEqual([]);
    // Nothing left, so the 10 s timer sends nothing more.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends what is queued 10 s after the first unsent event', async () => {
    const storage = memorySafeStorage();
    const { send, batches } = sender();
    const tracker = createTracker({ storage, send });
    tracker.track(makeEvent());
    await vi.advanceTimersByTimeAsync(4000);
    tracker.track(makeEvent());
    tracker.track(makeEvent());
    await vi.advanceTimersByTimeAsync(5999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(batches[0]).toHaveLength(3);
    expect(tracker.queued()).toEqual([]);
  });

  it('flush() sends batches of at most 20', async () => {
    const storage = memorySafeStorage();
    writeQueue(storage, makeEvents(45));
    const { send, batches } = sender();
    const tracker = createTracker({ storage, send });
    await expect(tracker.flush()).resolves.toBe(true);
    expect(batches.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(readQueue(storage)).toEqual([]);
  });

  it('keeps the events when the beacon fails, and the next page sends them', async () => {
    const storage = memorySafeStorage();
    const blocked = sender(false);
    const page1 = createTracker({ storage, send: blocked.send });
    const events = makeEvents(3);
    for (const e of events) page1.track(e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(blocked.send).toHaveBeenCalledTimes(1);
    expect(readQueue(storage).map((e) => e.id)).toEqual(events.map((e) => e.id));
    page1.stop();

    const ok = sender(true);
    const page2 = createTracker({ storage, send: ok.send });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ok.batches[0]!.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(readQueue(storage)).toEqual([]);
    page2.stop();
  });

  it('keeps the events when send throws', async () => {
    const storage = memorySafeStorage();
    const tracker = createTracker({ storage, send: () => { throw new Error('boom'); } });
    tracker.track(makeEvent());
    await expect(tracker.flush()).resolves.toBe(false);
    expect(readQueue(storage)).toHaveLength(1);
  });

  it('after a failure waits for the timer instead of retrying on every event', async () => {
    const storage = memorySafeStorage();
    const { send } = sender(false);
    const tracker = createTracker({ storage, send });
    for (const e of makeEvents(25)) tracker.track(e);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // Each further event only waits for the timer.
    tracker.track(makeEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // The timer retries 3 times, 10 s apart, then gives up until something new happens.
    for (let i = 2; i <= 4; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      expect(send).toHaveBeenCalledTimes(i);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
    tracker.track(makeEvent());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(5);
    expect(readQueue(storage)).toHaveLength(27);
  });

  it('does not lose events tracked while a batch is being sent', async () => {
    const storage = memorySafeStorage();
    let release: (ok: boolean) => void = () => {};
    const batches: AnalyticsEvent[][] = [];
    const send = vi.fn((batch: AnalyticsEvent[]) => {
      batches.push(batch);
      return new Promise<boolean>((resolve) => (release = resolve));
    });
    const tracker = createTracker({ storage, send });
    tracker.track(makeEvent());
    const flushing = tracker.flush();
    const late = makeEvent();
    tracker.track(late);
    release(true);
    await vi.advanceTimersByTimeAsync(0);
    // The loop picks up the late event too.
    release(true);
    await flushing;
    expect(batches.flat().map((e) => e.id)).toContain(late.id);
    expect(readQueue(storage)).toEqual([]);
  });

  it('discards a corrupt stored value', async () => {
    const storage = memorySafeStorage();
    storage.set(KEY, '{not json');
    expect(readQueue(storage)).toEqual([]);
    expect(storage.raw.map.has(KEY)).toBe(false);

    storage.set(KEY, JSON.stringify({ not: 'a list' }));
    const { send, batches } = sender();
    const tracker = createTracker({ storage, send });
    const e = makeEvent();
    tracker.track(e);
    await tracker.flush();
    expect(batches).toEqual([[e]]);
  });

  it('drops malformed entries and keeps the good ones', () => {
    const storage = memorySafeStorage();
    const good = makeEvent();
    storage.set(KEY, JSON.stringify([null, 3, { id: 1 }, good]));
    expect(readQueue(storage)).toEqual([good]);
  });

  it('caps the queue, dropping the oldest', () => {
    const storage = memorySafeStorage();
    const tracker = createTracker({ storage, send: () => false });
    const events = makeEvents(QUEUE_LIMIT + 10);
    for (const e of events) tracker.track(e);
    const queued = readQueue(storage);
    expect(queued).toHaveLength(QUEUE_LIMIT);
    expect(queued[0]!.id).toBe(events[10]!.id);
    expect(queued.at(-1)!.id).toBe(events.at(-1)!.id);
  });

  it('drops events older than 7 days', () => {
    const storage = memorySafeStorage();
    const old = makeEvent({ time: Date.now() - 8 * 86_400_000 });
    const fresh = makeEvent();
    writeQueue(storage, [old, fresh]);
    const tracker = createTracker({ storage, send: () => true });
    expect(tracker.queued()).toEqual([fresh]);
  });

  it('works in memory when localStorage throws', async () => {
    const throwing = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
      removeItem: () => { throw new Error('SecurityError'); },
    } as unknown as Storage;
    for (const storage of [safeStorage(() => throwing), safeStorage(() => { throw new Error('denied'); }), throwingSafeStorage]) {
      const { send, batches } = sender();
      const tracker = createTracker({ storage, send });
      const events = makeEvents(20);
      expect(() => events.forEach((e) => tracker.track(e))).not.toThrow();
      await vi.advanceTimersByTimeAsync(0);
      expect(batches[0]!.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(tracker.queued()).toEqual([]);
    }
  });

  it('works in memory when storage reads but cannot write (full quota)', async () => {
    const stale = JSON.stringify([]);
    const storage = { get: () => stale, set: () => {}, remove: () => {} };
    const { send, batches } = sender();
    const tracker = createTracker({ storage, send });
    const e = makeEvent();
    tracker.track(e);
    expect(tracker.queued()).toEqual([e]);
    await tracker.flush();
    expect(batches).toEqual([[e]]);
    expect(tracker.queued()).toEqual([]);
  });

  it('flushes on pagehide and when the page becomes hidden', async () => {
    const storage = memorySafeStorage();
    const { send } = sender();
    const tracker = createTracker({ storage, send });
    const unwire = tracker.wire(window, document);
    tracker.track(makeEvent());
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);

    tracker.track(makeEvent());
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);

    unwire();
    tracker.track(makeEvent());
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });

  it('stops: no timer, no more tracking', async () => {
    const storage = memorySafeStorage();
    const { send } = sender();
    const tracker = createTracker({ storage, send });
    tracker.track(makeEvent());
    tracker.stop();
    tracker.track(makeEvent());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).not.toHaveBeenCalled();
    expect(readQueue(storage)).toHaveLength(1);
  });
});
