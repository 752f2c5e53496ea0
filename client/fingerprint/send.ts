/**
 * Spec §5, §7: the fingerprint goes to POST {api}/client/record-data/log (form log_type,
 * data = base64 of the UTF-8 JSON, base_encode=1) only when it differs from the last one sent; the
 * hash of what was sent is stored only after the call succeeded.
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import { base64ToUtf8, utf8ToBase64 } from '../analytics/base64.js';
import { STORAGE } from '../constants.js';
import type { SafeStorage } from '../platform/storage.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { collectFingerprint, stableFingerprint, type Fingerprint } from './collect.js';
import { fingerprintEnv } from './env.js';
import { fingerprintHash } from './hash.js';
import type { FingerprintEnv } from './types.js';

export const FINGERPRINT_LOG_PATH = 'client/record-data/log';
export const FINGERPRINT_LOG_TYPE = 'WWW_FINGERPRINT_INFO';

export type FingerprintSendResult = 'sent' | 'unchanged' | 'failed';

export interface SendFingerprintOptions {
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api'>;
  storage: SafeStorage;
  /** Default: built from the global window. */
  env?: FingerprintEnv;
}

/** The form the log call sends; data decodes back with base64ToUtf8 + JSON.parse. */
export function fingerprintForm(fp: Fingerprint, hash: string): Record<string, string> {
  return { log_type: FINGERPRINT_LOG_TYPE, data: utf8ToBase64(JSON.stringify({ ...fp, hash })), base_encode: '1' };
}

export function decodeFingerprintData(data: string): unknown {
  return JSON.parse(base64ToUtf8(data)) as unknown;
}

export async function sendFingerprintIfChanged(options: SendFingerprintOptions): Promise<FingerprintSendResult> {
  try {
    const env = options.env ?? fingerprintEnv();
    const fp = await collectFingerprint(env);
    const hash = await fingerprintHash(stableFingerprint(fp), env.subtle);
    let last: string | undefined;
    try {
      last = options.storage.get(STORAGE.fingerprintSent);
    } catch {
      last = undefined;
    }
    if (last === hash) return 'unchanged';
    await options.api({ method: 'POST', url: apiUrl(options.config.api, FINGERPRINT_LOG_PATH), form: fingerprintForm(fp, hash) });
    try {
      options.storage.set(STORAGE.fingerprintSent, hash);
    } catch {
      // Not remembered: it is sent again next time.
    }
    return 'sent';
  } catch {
    return 'failed';
  }
}
