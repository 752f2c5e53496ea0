/**
 * localStorage that never throws: private modes, full quotas and disabled storage make every call a
 * no-op (reads give undefined), so tracking and state can never break a page.
 */
export interface SafeStorage {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function safeStorage(getStorage: () => Storage | null | undefined = () => globalThis.localStorage): SafeStorage {
  const store = (): Storage | undefined => {
    try {
      return getStorage() ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        return store()?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        store()?.setItem(key, value);
      } catch {
        // Quota or privacy mode: nothing is kept.
      }
    },
    remove(key) {
      try {
        store()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}
