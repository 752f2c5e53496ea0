import { vi } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type ApiRequest, type ApiResponse } from '../../../../client/api/api-client.js';
import type { RuntimeConfig } from '../../../../src/model/browser-contract.js';
import type { SafeStorage } from '../../../../client/platform/storage.js';
export { memoryStorage } from '../memory-storage.js';

export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    locale: 'en',
    hreflang: 'en',
    hostKey: 'main',
    api: 'https://api.example.com',
    clientApi: 'https://client.example.com/api/',
    app: { registerUrl: 'https://app.example.com/register', loginUrl: 'https://app.example.com/login', appUrl: 'https://app.example.com/home' },
    ownDomains: ['example.com'],
    partnerDomains: ['partner.test'],
    analytics: { beaconUrl: 'https://beacon.example.com', beaconKey: 'k', consentCountries: [] },
    oneTap: { clientId: 'client-1', scriptUrl: 'https://accounts.google.com/gsi/client' },
    chat: { defaultScript: 'https://chat.example.com/default.js', easemobScript: 'https://chat.example.com/easemob.js' },
    buildId: 'build-1',
    errorBackUrl: '/blog',
    cookiePolicyUrl: '/cookie-policy',
    messages: {
      oneTapFailed: 'Registration failed!',
      toastClose: 'Close',
      errorTitle: 't',
      errorDetail: 'd',
      autoRefresh: '{seconds}',
      back: 'Back',
      consentText: 'c',
      consentAccept: 'a',
      consentDecline: 'n',
      consentPolicy: 'p',
    },
    ...overrides,
  };
}

export interface SentRequest {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  form: Record<string, string> | undefined;
}

/** The real API client over a fake fetch: records what goes on the wire, answers from `reply`. */
export function wireApi(reply: (url: string) => unknown | Error) {
  const sent: SentRequest[] = [];
  const log = vi.fn();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : undefined;
    sent.push({ url, method: init?.method ?? 'GET', credentials: init?.credentials, form: body });
    const answer = reply(url);
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer));
  });
  const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, log });
  return { api, sent, log };
}

/** A fake ApiClient answering by path (the part of the URL before '?'); Error values reject. */
export function routeApi(routes: Record<string, ApiResponse | Error | (() => ApiResponse | Error)>) {
  const calls: ApiRequest[] = [];
  const api = vi.fn(async (request: ApiRequest) => {
    calls.push(request);
    const route = routes[request.url];
    const answer = typeof route === 'function' ? route() : route;
    if (!answer) throw new ApiError('req error');
    if (answer instanceof Error) throw answer;
    if (answer.code !== 0) throw new ApiError(`code ${answer.code}`, answer);
    return answer;
  }) as unknown as ApiClient & ReturnType<typeof vi.fn>;
  return { api, calls };
}

/** happy-dom reports disabled script loading as an error; tests choose load or error. */
export function scriptLoadsSucceed(succeed: boolean): void {
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = succeed;
}

export function injectedScripts(): string[] {
  return [...document.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? '');
}

/** Lets pending promise callbacks run (under fake timers too). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
