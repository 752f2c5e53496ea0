// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBeaconSender, type BeaconCrypto } from '../../../../client/analytics/beacon.js';
import { decryptBatch, decryptPayload, IV_BYTES } from '../../../../client/analytics/beacon-codec.js';
import { base64ToBytes } from '../../../../client/analytics/base64.js';
import { createTracker, readQueue } from '../../../../client/analytics/queue.js';
import { makeEvents, memorySafeStorage, randomKeyBase64 } from './helpers.js';

const webcrypto = globalThis.crypto as unknown as BeaconCrypto;

function setup(sendBeaconResult: boolean | (() => boolean) = true) {
  const key = randomKeyBase64();
  const config = { analytics: { beaconUrl: 'https://t.example.com/b', beaconKey: key, consentCountries: [] } };
  const calls: { url: string; body: URLSearchParams }[] = [];
  const sendBeacon = vi.fn((url: string, body?: BodyInit | null) => {
    calls.push({ url, body: body as URLSearchParams });
    return typeof sendBeaconResult === 'function' ? sendBeaconResult() : sendBeaconResult;
  });
  return { key, config, calls, sendBeacon };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('beacon', () => {
  it('posts a form body with _t and _a that decrypts back to the batch with the right key', async () => {
    const { key, config, calls, sendBeacon } = setup();
    const send = createBeaconSender({ config, navigator: { sendBeacon }, crypto: webcrypto });
    const batch = makeEvents(3);
    await expect(send(batch)).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://t.example.com/b');
    const body = calls[0]!.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect([...body.keys()].sort()).toEqual(['_a', '_t']);
    expect(body.get('_t')).toBe(String(Date.parse('2025-03-01T12:00:00Z')));
    // IV (12 bytes) ‖ ciphertext, which carries a 16-byte GCM tag.
    expect(base64ToBytes(body.get('_a')!).length).toBeGreaterThan(IV_BYTES + 16);

    const decoded = await decryptBatch(body.toString(), key);
    expect(decoded.t).toBe(Date.parse('2025-03-01T12:00:00Z'));
    expect(decoded.events).toEqual(JSON.parse(JSON.stringify(batch)));
    await expect(decryptPayload(body.get('_a')!, key)).resolves.toEqual(decoded.events);
  });

  it('cannot be decrypted with a wrong key, nor when tampered with', async () => {
    const { config, calls, sendBeacon } = setup();
    const send = createBeaconSender({ config, navigator: { sendBeacon }, crypto: webcrypto });
    await send(makeEvents(1));
    const body = calls[0]!.body;
    await expect(decryptBatch(body, randomKeyBase64())).rejects.toThrow();
    const bytes = base64ToBytes(body.get('_a')!);
    bytes[bytes.length - 1]! ^= 1;
    const tampered = new URLSearchParams({ _t: '1', _a: btoa(String.fromCharCode(...bytes)) });
    await expect(decryptBatch(tampered, config.analytics.beaconKey)).rejects.toThrow();
    await expect(decryptBatch('_t=1', config.analytics.beaconKey)).rejects.toThrow();
  });

  it('uses a fresh IV for every batch', async () => {
    const { config, calls, sendBeacon } = setup();
    const send = createBeaconSender({ config, navigator: { sendBeacon }, crypto: webcrypto });
    const batch = makeEvents(2);
    await send(batch);
    await send(batch);
    const ivs = calls.map((c) => base64ToBytes(c.body.get('_a')!).slice(0, IV_BYTES).join(','));
    expect(ivs[0]).not.toBe(ivs[1]);
  });

  it('reports failure when sendBeacon is missing, returns false or throws', async () => {
    const { config } = setup();
    await expect(createBeaconSender({ config, navigator: {}, crypto: webcrypto })(makeEvents(1))).resolves.toBe(false);
    await expect(createBeaconSender({ config, navigator: { sendBeacon: () => false }, crypto: webcrypto })(makeEvents(1))).resolves.toBe(false);
    const throwing = () => {
      throw new TypeError('Illegal invocation');
    };
    await expect(createBeaconSender({ config, navigator: { sendBeacon: throwing }, crypto: webcrypto })(makeEvents(1))).resolves.toBe(false);
  });

  it('reports failure without crypto.subtle, and with a bad key, without calling sendBeacon', async () => {
    const { config, sendBeacon } = setup();
    const noSubtle = { getRandomValues: webcrypto.getRandomValues!.bind(webcrypto) } as BeaconCrypto;
    await expect(createBeaconSender({ config, navigator: { sendBeacon }, crypto: noSubtle })(makeEvents(1))).resolves.toBe(false);
    await expect(createBeaconSender({ config, navigator: { sendBeacon }, crypto: {} })(makeEvents(1))).resolves.toBe(false);
    for (const beaconKey of ['', 'not base64!', btoa('too short')]) {
      const bad = { analytics: { ...config.analytics, beaconKey } };
      await expect(createBeaconSender({ config: bad, navigator: { sendBeacon }, crypto: webcrypto })(makeEvents(1))).resolves.toBe(false);
    }
    const noUrl = { analytics: { ...config.analytics, beaconUrl: '' } };
    await expect(createBeaconSender({ config: noUrl, navigator: { sendBeacon }, crypto: webcrypto })(makeEvents(1))).resolves.toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('with a tracker: a refused beacon keeps the events queued, an accepted one empties the queue', async () => {
    let accept = false;
    const { key, config, calls, sendBeacon } = setup(() => accept);
    const storage = memorySafeStorage();
    const tracker = createTracker({ storage, send: createBeaconSender({ config, navigator: { sendBeacon }, crypto: webcrypto }) });
    const events = makeEvents(20);
    events.forEach((e) => tracker.track(e));
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1), { timeout: 10_000 }); // a bound for a hang on a busy machine
    await tracker.flush();
    expect(readQueue(storage)).toHaveLength(20);

    accept = true;
    await expect(tracker.flush()).resolves.toBe(true);
    expect(readQueue(storage)).toEqual([]);
    const last = calls.at(-1)!;
    const decoded = await decryptBatch(last.body, key);
    expect((decoded.events as { id: string }[]).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });
});
