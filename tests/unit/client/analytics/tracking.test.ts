// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../../client/constants.js';
import type { ApiClient, ApiRequest, ApiResponse } from '../../../../client/api/api-client.js';
import type { VisitorIp } from '../../../../client/services/visitor-ip.js';
import { initTracking, type TrackingHandle } from '../../../../client/analytics/tracking.js';
import type { RuntimeConfig } from '../../../../src/model/browser-contract.js';
import { memorySafeStorage, randomKeyBase64 } from './helpers.js';

function config(consentCountries: string[]): RuntimeConfig {
  return {
    locale: 'en',
    buildId: 'b1',
    api: 'https://api.example.com',
    analytics: { beaconUrl: 'https://t.example.com/b', beaconKey: randomKeyBase64(), consentCountries },
  } as RuntimeConfig;
}

function fakeApi(visitor: VisitorIp | undefined) {
  const requests: ApiRequest[] = [];
  const api = (async <T,>(request: ApiRequest): Promise<ApiResponse<T>> => {
    requests.push(request);
    if (request.url.endsWith('/get-visitor-ip')) {
      if (!visitor) throw new Error('req error');
      return { code: 0, data: visitor as T };
    }
    return { code: 0 };
  }) as ApiClient;
  return { api, requests };
}

const handles: TrackingHandle[] = [];

async function init(countries: string[], visitor: VisitorIp | undefined) {
  const { api, requests } = fakeApi(visitor);
  const handle = await initTracking({ config: config(countries), api, doc: document, win: window, storage: memorySafeStorage(), fingerprintEnv: { timeZone: () => 'UTC' } });
  handles.push(handle);
  await vi.advanceTimersByTimeAsync(0);
  return { handle, requests };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.cookie = 'sitegen_consent=; Max-Age=0; Path=/';
});
afterEach(() => {
  handles.splice(0).forEach((h) => h.stop());
  vi.useRealTimers();
});

const DE: VisitorIp = { ip: '203.0.113.9', ip_data: { country: 'DE' } };
const US: VisitorIp = { ip: '198.51.100.7', ip_data: { country: 'US' } };

describe('initTracking', () => {
  it('starts at once without consent countries, and fills in login_ip later', async () => {
    const { handle, requests } = await init([], DE);
    expect(handle.status()).toBe('granted');
    expect(handle.tracker()?.queued()[0]).toMatchObject({ type: 'view' });
    expect(handle.events()?.context().login_ip).toBe('203.0.113.9');
    expect(requests.map((r) => r.url)).not.toContain('https://api.example.com/client/record-data/log');
    await vi.advanceTimersByTimeAsync(TIMING.fingerprintDelayMs);
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toContain('https://api.example.com/client/record-data/log'), { timeout: 10_000 }); // a bound for a hang on a busy machine
  });

  it('starts for a visitor outside the consent countries', async () => {
    const { handle } = await init(['DE', 'FR'], US);
    expect(handle.status()).toBe('granted');
    expect(handle.tracker()).toBeDefined();
  });

  it('waits for consent in a consent country: no tracking, no fingerprint until grant()', async () => {
    const { handle, requests } = await init(['DE', 'FR'], DE);
    expect(handle.status()).toBe('ask');
    expect(handle.tracker()).toBeUndefined();
    expect(requests.map((r) => r.url)).not.toContain('https://api.example.com/client/record-data/log');
    handle.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(handle.status()).toBe('granted');
    expect(document.cookie).toContain('sitegen_consent=granted');
    expect(handle.tracker()?.queued()[0]).toMatchObject({ type: 'view', login_ip: '203.0.113.9' });
    expect(requests.map((r) => r.url)).not.toContain('https://api.example.com/client/record-data/log');
    await vi.advanceTimersByTimeAsync(TIMING.fingerprintDelayMs);
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toContain('https://api.example.com/client/record-data/log'), { timeout: 10_000 }); // a bound for a hang on a busy machine
  });

  it('asks when the country is unknown (the IP call failed)', async () => {
    const { handle } = await init(['DE'], undefined);
    expect(handle.status()).toBe('ask');
    handle.deny();
    expect(handle.status()).toBe('denied');
    expect(document.cookie).toContain('sitegen_consent=denied');
    expect(handle.tracker()).toBeUndefined();
  });

  it('follows a stored answer', async () => {
    document.cookie = 'sitegen_consent=denied; Path=/';
    expect((await init(['DE'], DE)).handle.status()).toBe('denied');
    document.cookie = 'sitegen_consent=granted; Path=/';
    const { handle } = await init(['DE'], DE);
    expect(handle.status()).toBe('granted');
    expect(handle.tracker()).toBeDefined();
  });
});
