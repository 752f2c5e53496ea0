/** Shared fakes for the visitor tests: a document with an observable cookie jar, storages, an API. */
import { vi } from 'vitest';
import type { ApiClient, ApiRequest, ApiResponse } from '../../../../client/api/api-client.js';
import { safeStorage, type SafeStorage } from '../../../../client/platform/storage.js';
import type { RuntimeConfig } from '../../../../src/model/browser-contract.js';
export { memoryStorage } from '../memory-storage.js';

export const config: RuntimeConfig = {
  locale: 'vn',
  hreflang: 'vi',
  hostKey: 'main',
  api: 'https://api.polybrowser.example',
  clientApi: 'https://client-api.polybrowser.example/',
  app: {
    registerUrl: 'https://app.polybrowser.example/register',
    loginUrl: 'https://app.polybrowser.example/login',
    appUrl: 'https://app.polybrowser.example/',
  },
  ownDomains: ['polybrowser.example', 'polybrowser-cn.example', 'polybrowser-ru.example'],
  partnerDomains: ['skyproxy.example', 'adsflow.example'],
  analytics: { beaconUrl: 'https://collect.polybrowser.example/beacon', beaconKey: 'x', consentCountries: [] },
  oneTap: null,
  chat: null,
  buildId: 'test',
  errorBackUrl: '/blog',
  cookiePolicyUrl: null,
  messages: {
    oneTapFailed: '',
    toastClose: '',
    errorTitle: '',
    errorDetail: '',
    autoRefresh: '',
    back: '',
    consentText: '',
    consentAccept: '',
    consentDecline: '',
    consentPolicy: '',
  },
};

export interface FakeDocOptions {
  cookies?: Record<string, string>;
  referrer?: string;
  html?: string;
  /** Reading or writing document.cookie throws, as in a sandboxed iframe. */
  cookieThrows?: boolean;
  referrerThrows?: boolean;
}

/** A real happy-dom document whose cookie jar records every written cookie string. */
export function fakeDoc(options: FakeDocOptions = {}): { doc: Document; writes: string[]; jar: Map<string, string> } {
  const doc = document.implementation.createHTMLDocument('test');
  const jar = new Map(Object.entries(options.cookies ?? {}));
  const writes: string[] = [];
  Object.defineProperty(doc, 'cookie', {
    configurable: true,
    get() {
      if (options.cookieThrows) throw new DOMException('cookies blocked', 'SecurityError');
      return [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    },
    set(value: string) {
      if (options.cookieThrows) throw new DOMException('cookies blocked', 'SecurityError');
      writes.push(value);
      const pair = value.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
    },
  });
  Object.defineProperty(doc, 'referrer', {
    configurable: true,
    get() {
      if (options.referrerThrows) throw new Error('no referrer');
      return options.referrer ?? '';
    },
  });
  if (options.html) doc.body.innerHTML = options.html;
  return { doc, writes, jar };
}

/** The real safeStorage over a localStorage whose every method throws (quota, privacy mode). */
export function throwingLocalStorage(): SafeStorage {
  const boom = (): never => {
    throw new DOMException('denied', 'SecurityError');
  };
  const storage = { getItem: boom, setItem: boom, removeItem: boom } as unknown as Storage;
  return safeStorage(() => storage);
}

/** A SafeStorage that breaks its own contract and throws: the visitor modules must survive even that. */
export const rawThrowingStorage: SafeStorage = {
  get: () => {
    throw new Error('get');
  },
  set: () => {
    throw new Error('set');
  },
  remove: () => {
    throw new Error('remove');
  },
};

export type FakeApi = ApiClient & ReturnType<typeof vi.fn<(request: ApiRequest) => Promise<ApiResponse>>>;

/** An ApiClient answering code 0, or running `impl`; its mock records every request. */
export function fakeApi(impl: (request: ApiRequest) => Promise<ApiResponse> = async () => ({ code: 0 })): FakeApi {
  return vi.fn(impl) as unknown as FakeApi;
}

/** Lets pending promise callbacks run. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
