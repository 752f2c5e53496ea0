import type { SafeStorage } from '../../../../client/platform/storage.js';
import { safeStorage } from '../../../../client/platform/storage.js';
import type { AnalyticsEvent } from '../../../../client/analytics/events.js';

/** A Storage kept in a Map, so tests do not share happy-dom's localStorage. */
export function memoryStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k: string) => map.get(k) ?? null,
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
    setItem: (k: string, v: string) => void map.set(k, String(v)),
  };
}

export function memorySafeStorage(): SafeStorage & { raw: ReturnType<typeof memoryStorage> } {
  const raw = memoryStorage();
  return Object.assign(safeStorage(() => raw), { raw });
}

/** A SafeStorage that breaks its promise and throws on every call. */
export const throwingSafeStorage: SafeStorage = {
  get() {
    throw new Error('SecurityError');
  },
  set() {
    throw new Error('QuotaExceededError');
  },
  remove() {
    throw new Error('SecurityError');
  },
};

let seq = 0;
export function makeEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  seq++;
  return {
    id: `e${seq}`,
    type: 'click',
    name: `n${seq}`,
    time: Date.now(),
    url: 'https://example.com/',
    locale: 'en',
    user_id: '',
    user_info: '',
    device_id: 'dev',
    screen_size: '1x1',
    app_version: 'b1',
    login_ip: '',
    ...overrides,
  };
}

export function makeEvents(n: number): AnalyticsEvent[] {
  return Array.from({ length: n }, () => makeEvent());
}

export function randomKeyBase64(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}
