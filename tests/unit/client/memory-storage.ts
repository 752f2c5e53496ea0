import type { SafeStorage } from '../../../client/platform/storage.js';

/** A SafeStorage over a Map, exposing the Map for assertions (shared by the client unit tests). */
export function memoryStorage(initial: Record<string, string> = {}): SafeStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}
