/**
 * Sends an analytics batch with navigator.sendBeacon (spec §7), encrypted as beacon-codec.ts says.
 * Missing crypto.subtle, a missing sendBeacon, a bad key or sendBeacon returning false all report
 * failure, so the events stay queued; nothing here throws.
 */
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { beaconBody, encryptBatch, importBeaconKey, IV_BYTES, type SubtleLike } from './beacon-codec.js';
import type { AnalyticsEvent } from './events.js';
import type { BatchSender } from './queue.js';

export interface BeaconNavigator {
  sendBeacon?: (url: string, data?: BodyInit | null) => boolean;
}

export interface BeaconCrypto {
  subtle?: SubtleLike;
  getRandomValues?: <T extends ArrayBufferView | null>(array: T) => T;
}

export interface BeaconSenderOptions {
  config: Pick<RuntimeConfig, 'analytics'>;
  /** Default: globalThis.navigator, read at send time. */
  navigator?: BeaconNavigator;
  /** Default: globalThis.crypto, read at send time. */
  crypto?: BeaconCrypto;
  now?: () => number;
}

export function createBeaconSender(options: BeaconSenderOptions): BatchSender {
  const now = options.now ?? (() => Date.now());
  let cached: { subtle: SubtleLike; keyText: string; key: Promise<CryptoKey> } | undefined;

  const keyFor = (subtle: SubtleLike, keyText: string): Promise<CryptoKey> => {
    if (cached && cached.subtle === subtle && cached.keyText === keyText) return cached.key;
    const key = importBeaconKey(keyText, subtle, ['encrypt']);
    cached = { subtle, keyText, key };
    // A failed import is not kept: the next batch tries again.
    key.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
    return key;
  };

  return async (batch: AnalyticsEvent[]): Promise<boolean> => {
    try {
      const nav = options.navigator ?? (globalThis.navigator as BeaconNavigator | undefined);
      const crypto = options.crypto ?? (globalThis.crypto as BeaconCrypto | undefined);
      const { beaconUrl, beaconKey } = options.config.analytics ?? { beaconUrl: '', beaconKey: '' };
      if (!beaconUrl || !beaconKey || !batch.length) return false;
      if (!nav || typeof nav.sendBeacon !== 'function') return false;
      const subtle = crypto?.subtle;
      if (!subtle || typeof crypto?.getRandomValues !== 'function') return false;
      const key = await keyFor(subtle, beaconKey);
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const payload = await encryptBatch(batch, key, subtle, iv);
      return nav.sendBeacon(beaconUrl, beaconBody(now(), payload)) === true;
    } catch {
      return false;
    }
  };
}
