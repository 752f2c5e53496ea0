/**
 * The analytics queue (spec §9): events wait in localStorage and leave in batches of 20, at once
 * when 20 are queued, or 10 s after the first unsent one. An event leaves the queue only once its
 * batch was handed over successfully, so a blocked beacon keeps the events for the next page.
 */
import { STORAGE, TIMING } from '../constants.js';
import type { SafeStorage } from '../platform/storage.js';
import type { AnalyticsEvent } from './events.js';

export const QUEUE_LIMIT = 500;
/** Events older than this are dropped when the queue is read (not in the spec: 7 days). */
export const QUEUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Not in the spec: after a failed send the timer tries again 10 s later, this many times in a row;
 * then the events wait for the next tracked event or the next page.
 */
export const MAX_RETRIES = 3;

/** Sends one batch; true means it was handed over and may leave the queue. */
export type BatchSender = (batch: AnalyticsEvent[]) => Promise<boolean> | boolean;

export interface TrackerOptions {
  storage: SafeStorage;
  send: BatchSender;
  now?: () => number;
  batchSize?: number;
  flushMs?: number;
  limit?: number;
  maxAgeMs?: number;
  key?: string;
}

export interface Tracker {
  track(event: AnalyticsEvent): void;
  /** Sends everything queued, batch by batch; resolves true when the queue was emptied. */
  flush(): Promise<boolean>;
  queued(): AnalyticsEvent[];
  /** Flushes on pagehide and on visibilitychange to hidden; returns the unwire function. */
  wire(win: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>): () => void;
  stop(): void;
}

/** The stored queue; [] when missing, and a corrupt value is discarded. */
export function readQueue(storage: SafeStorage, key: string = STORAGE.analyticsQueue): AnalyticsEvent[] {
  return parseQueue(storage, key) ?? [];
}

/** Stores the newest `limit` events and returns what was kept. */
export function writeQueue(storage: SafeStorage, events: AnalyticsEvent[], limit = QUEUE_LIMIT, key: string = STORAGE.analyticsQueue): AnalyticsEvent[] {
  const kept = events.length > limit ? events.slice(events.length - limit) : events;
  try {
    storage.set(key, JSON.stringify(kept));
  } catch {
    // A storage that throws despite SafeStorage: the in-memory copy carries on.
  }
  return kept;
}

/** undefined when nothing is stored or storage cannot be read. */
function parseQueue(storage: SafeStorage, key: string): AnalyticsEvent[] | undefined {
  let raw: string | undefined;
  try {
    raw = storage.get(key);
  } catch {
    return undefined;
  }
  if (raw === undefined || raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('not a list');
    return parsed.filter(isEvent);
  } catch {
    try {
      storage.remove(key);
    } catch {
      // Nothing more to do.
    }
    return [];
  }
}

function isEvent(value: unknown): value is AnalyticsEvent {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<AnalyticsEvent>;
  return typeof e.id === 'string' && typeof e.type === 'string' && typeof e.name === 'string' && typeof e.time === 'number';
}

export function createTracker(options: TrackerOptions): Tracker {
  const { storage, send } = options;
  const now = options.now ?? (() => Date.now());
  const batchSize = Math.max(1, options.batchSize ?? TIMING.analyticsBatchSize);
  const flushMs = options.flushMs ?? TIMING.analyticsFlushMs;
  const limit = options.limit ?? QUEUE_LIMIT;
  const maxAgeMs = options.maxAgeMs ?? QUEUE_MAX_AGE_MS;
  const key = options.key ?? STORAGE.analyticsQueue;

  /** Mirror of the stored queue, used when storage does not keep what is written to it. */
  let memory: AnalyticsEvent[] = [];
  let memoryOnly = false;
  /** Ids handed over on this page: never sent twice, even if storage failed to forget them. */
  const sent = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<boolean> | undefined;
  /** After a failed send, a full batch waits for the timer instead of retrying on every event. */
  let backoff = false;
  /** Failed sends in a row; the timer retries by itself only MAX_RETRIES times. */
  let failures = 0;
  let stopped = false;

  const load = (): AnalyticsEvent[] => {
    const stored = memoryOnly ? memory : (parseQueue(storage, key) ?? memory);
    let cutoff = -Infinity;
    try {
      cutoff = now() - maxAgeMs;
    } catch {
      // Keep everything.
    }
    return stored.filter((e) => !sent.has(e.id) && e.time >= cutoff);
  };
  const save = (events: AnalyticsEvent[]): AnalyticsEvent[] => {
    if (memoryOnly) return (memory = events.length > limit ? events.slice(events.length - limit) : events);
    memory = writeQueue(storage, events, limit, key);
    // Full quota or private mode: what was written is not what is read back, so keep to memory.
    let readBack: string | undefined;
    try {
      readBack = storage.get(key);
    } catch {
      readBack = undefined;
    }
    if (readBack !== JSON.stringify(memory)) memoryOnly = true;
    return memory;
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
  };

  const sendOnce = async (batch: AnalyticsEvent[]): Promise<boolean> => {
    try {
      return (await send(batch)) === true;
    } catch {
      return false;
    }
  };

  const run = async (): Promise<boolean> => {
    clearTimer();
    // Bounded, in case storage keeps handing back what was just removed.
    const rounds = Math.ceil(limit / batchSize) + 2;
    for (let i = 0; i < rounds; i++) {
      const queue = load();
      if (!queue.length) {
        backoff = false;
        return true;
      }
      const batch = queue.slice(0, batchSize);
      if (!(await sendOnce(batch))) {
        backoff = true;
        failures++;
        return false;
      }
      backoff = false;
      failures = 0;
      const ids = new Set(batch.map((e) => e.id));
      for (const id of ids) sent.add(id);
      save(load().filter((e) => !ids.has(e.id)));
    }
    return load().length === 0;
  };

  function flush(): Promise<boolean> {
    if (flushing) return flushing;
    flushing = run()
      .catch(() => false)
      .finally(() => {
        flushing = undefined;
        if ((!backoff || failures <= MAX_RETRIES) && safeLength(load) > 0) schedule();
      });
    return flushing;
  }

  const tracker: Tracker = {
    track(event) {
      if (stopped) return;
      try {
        const queue = save([...load(), event]);
        if (queue.length >= batchSize && !backoff) void flush();
        else schedule();
      } catch {
        // Tracking failures are silently ignored (spec §8).
      }
    },
    flush,
    queued: () => {
      try {
        return load();
      } catch {
        return [];
      }
    },
    wire(win, doc) {
      const onHide = () => void flush();
      const onVisibility = () => {
        try {
          if (doc.visibilityState === 'hidden') void flush();
        } catch {
          // Ignore.
        }
      };
      try {
        win.addEventListener('pagehide', onHide);
        doc.addEventListener('visibilitychange', onVisibility);
      } catch {
        // No events to listen to: the timer still flushes.
      }
      return () => {
        try {
          win.removeEventListener('pagehide', onHide);
          doc.removeEventListener('visibilitychange', onVisibility);
        } catch {
          // Ignore.
        }
      };
    },
    stop() {
      stopped = true;
      clearTimer();
    },
  };

  // Events left by an earlier page go out 10 s after this one starts.
  if (safeLength(load) > 0) schedule();
  return tracker;
}

function safeLength(load: () => AnalyticsEvent[]): number {
  try {
    return load().length;
  } catch {
    return 0;
  }
}
