// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient, type ApiRequest, type ApiResponse } from '../../../../client/api/api-client.js';
import { STORAGE } from '../../../../client/constants.js';
import { cyrb53, cyrb53Hex, fingerprintHash, stableStringify } from '../../../../client/fingerprint/hash.js';
import { decodeFingerprintData, sendFingerprintIfChanged } from '../../../../client/fingerprint/send.js';
import type { FingerprintEnv } from '../../../../client/fingerprint/types.js';
import { fakeAudioCtor } from './fakes.js';
import { memorySafeStorage, throwingSafeStorage } from '../analytics/helpers.js';

const config = { api: 'https://api.example.com' };

function fakeApi(fail = false) {
  const requests: ApiRequest[] = [];
  const api = (async <T,>(request: ApiRequest): Promise<ApiResponse<T>> => {
    requests.push(request);
    if (fail) throw new ApiError('req error');
    return { code: 0 };
  }) as ApiClient;
  return { api, requests };
}

function env(userAgent: string, extra: FingerprintEnv = {}): FingerprintEnv {
  return { navigator: { userAgent, language: 'en-US' }, timeZone: () => 'UTC', ...extra };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('fingerprint hash', () => {
  it('does not depend on key order, and differs when a value does', async () => {
    const a = await fingerprintHash({ x: 1, y: { b: [1, 2], a: 'z' } });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprintHash({ y: { a: 'z', b: [1, 2] }, x: 1 })).toBe(a);
    expect(await fingerprintHash({ x: 2, y: { a: 'z', b: [1, 2] } })).not.toBe(a);
    expect(stableStringify({ b: 1, a: undefined, c: [{ z: 1, y: 2 }] })).toBe('{"b":1,"c":[{"y":2,"z":1}]}');
  });

  it('falls back to cyrb53 without a working crypto.subtle', async () => {
    const broken = { digest: () => Promise.reject(new Error('insecure context')) };
    const text = stableStringify({ x: 1 });
    await expect(fingerprintHash({ x: 1 }, broken)).resolves.toBe(cyrb53Hex(text));
    expect(cyrb53Hex(text)).toMatch(/^[0-9a-f]{14}$/);
    expect(cyrb53('a')).not.toBe(cyrb53('b'));
    expect(cyrb53('a')).toBeLessThan(2 ** 53);
  });
});

describe('sendFingerprintIfChanged', () => {
  it('POSTs the log form once, and not again while the fingerprint is unchanged', async () => {
    const storage = memorySafeStorage();
    const { api, requests } = fakeApi();
    await expect(sendFingerprintIfChanged({ api, config, storage, env: env('UA/1') })).resolves.toBe('sent');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.example.com/client/record-data/log');
    expect(request.form?.log_type).toBe('WWW_FINGERPRINT_INFO');
    expect(request.form?.base_encode).toBe('1');
    const data = decodeFingerprintData(request.form!.data!) as { navigator: { userAgent: string }; hash: string };
    expect(data.navigator.userAgent).toBe('UA/1');
    expect(storage.get(STORAGE.fingerprintSent)).toBe(data.hash);

    await expect(sendFingerprintIfChanged({ api, config, storage, env: env('UA/1') })).resolves.toBe('unchanged');
    expect(requests).toHaveLength(1);
  });

  it('sends again when the fingerprint changed', async () => {
    const storage = memorySafeStorage();
    const { api, requests } = fakeApi();
    await sendFingerprintIfChanged({ api, config, storage, env: env('UA/1') });
    const first = storage.get(STORAGE.fingerprintSent);
    await expect(sendFingerprintIfChanged({ api, config, storage, env: env('UA/2') })).resolves.toBe('sent');
    expect(requests).toHaveLength(2);
    expect(storage.get(STORAGE.fingerprintSent)).not.toBe(first);
  });

  it('is not marked sent when the API call fails, so it is tried again', async () => {
    const storage = memorySafeStorage();
    const failing = fakeApi(true);
    await expect(sendFingerprintIfChanged({ api: failing.api, config, storage, env: env('UA/1') })).resolves.toBe('failed');
    expect(failing.requests).toHaveLength(1);
    expect(storage.get(STORAGE.fingerprintSent)).toBeUndefined();

    const ok = fakeApi();
    await expect(sendFingerprintIfChanged({ api: ok.api, config, storage, env: env('UA/1') })).resolves.toBe('sent');
    expect(ok.requests).toHaveLength(1);
  });

  it('a failure after an earlier success keeps the earlier hash', async () => {
    const storage = memorySafeStorage();
    await sendFingerprintIfChanged({ api: fakeApi().api, config, storage, env: env('UA/1') });
    const first = storage.get(STORAGE.fingerprintSent);
    await expect(sendFingerprintIfChanged({ api: fakeApi(true).api, config, storage, env: env('UA/2') })).resolves.toBe('failed');
    expect(storage.get(STORAGE.fingerprintSent)).toBe(first);
  });

  it('a changing battery charge alone does not count as a change', async () => {
    const storage = memorySafeStorage();
    const { api, requests } = fakeApi();
    const withBattery = (level: number) => env('UA/1', { navigator: { userAgent: 'UA/1', getBattery: async () => ({ charging: false, level }) } });
    await sendFingerprintIfChanged({ api, config, storage, env: withBattery(0.9) });
    await expect(sendFingerprintIfChanged({ api, config, storage, env: withBattery(0.4) })).resolves.toBe('unchanged');
    expect(requests).toHaveLength(1);
    expect((decodeFingerprintData(requests[0]!.form!.data!) as { battery: { level: number } }).battery.level).toBe(0.9);
  });

  it('encodes non-ASCII values as UTF-8 before base64', async () => {
    const { api, requests } = fakeApi();
    await sendFingerprintIfChanged({ api, config, storage: memorySafeStorage(), env: env('Браузер 浏览器') });
    expect((decodeFingerprintData(requests[0]!.form!.data!) as { navigator: { userAgent: string } }).navigator.userAgent).toBe('Браузер 浏览器');
  });

  it('waits at most 1 s for the audio probe', async () => {
    const { api, requests } = fakeApi();
    let result: unknown;
    void sendFingerprintIfChanged({ api, config, storage: memorySafeStorage(), env: env('UA', { OfflineAudioContext: fakeAudioCtor('never') }) }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    // SHA-256 runs off the timer queue: wait for it for real.
    await vi.waitFor(() => expect(result).toBe('sent'), { timeout: 10_000 }); // a bound for a hang on a busy machine
    expect((decodeFingerprintData(requests[0]!.form!.data!) as { audio: unknown }).audio).toBe('timeout');
  });

  it('survives storage that throws (sending each time) and an API that throws synchronously', async () => {
    const { api, requests } = fakeApi();
    await expect(sendFingerprintIfChanged({ api, config, storage: throwingSafeStorage, env: env('UA') })).resolves.toBe('sent');
    await expect(sendFingerprintIfChanged({ api, config, storage: throwingSafeStorage, env: env('UA') })).resolves.toBe('sent');
    expect(requests).toHaveLength(2);
    const syncThrow = (() => {
      throw new Error('boom');
    }) as unknown as ApiClient;
    await expect(sendFingerprintIfChanged({ api: syncThrow, config, storage: memorySafeStorage(), env: env('UA') })).resolves.toBe('failed');
  });
});
