/**
 * The beacon body of spec §7 ("encrypted batch (_t, _a)"): form fields `_t`, the send time in ms,
 * and `_a`, base64 of a 12-byte random IV followed by the AES-GCM (256-bit key) ciphertext of the
 * batch as JSON. No DOM here, so Node (tests, a fake e2e server) can import it.
 */
import { base64ToBytes, bytesToBase64 } from './base64.js';

export const IV_BYTES = 12;
export const KEY_BYTES = 32;

export type SubtleLike = Pick<SubtleCrypto, 'importKey' | 'encrypt' | 'decrypt'>;

/** Imports the base64 key; rejects unless it decodes to 32 bytes. */
export async function importBeaconKey(keyBase64: string, subtle: SubtleLike, usages: KeyUsage[] = ['encrypt', 'decrypt']): Promise<CryptoKey> {
  const raw = base64ToBytes(keyBase64);
  if (raw.length !== KEY_BYTES) throw new Error(`beacon key must be ${KEY_BYTES} bytes, got ${raw.length}`);
  return subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, usages);
}

/** base64(IV ‖ ciphertext) of JSON.stringify(batch). */
export async function encryptBatch(batch: unknown, key: CryptoKey, subtle: SubtleLike, iv: Uint8Array<ArrayBuffer>): Promise<string> {
  if (iv.length !== IV_BYTES) throw new Error(`IV must be ${IV_BYTES} bytes`);
  const plain = new TextEncoder().encode(JSON.stringify(batch));
  const cipher = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(IV_BYTES + cipher.length);
  out.set(iv, 0);
  out.set(cipher, IV_BYTES);
  return bytesToBase64(out);
}

/** The form body: `_t` (ms) and `_a`. */
export function beaconBody(time: number, payload: string): URLSearchParams {
  return new URLSearchParams({ _t: String(Math.round(time)), _a: payload });
}

/** Decrypts an `_a` value back to the parsed batch; rejects with a wrong key or a tampered payload. */
export async function decryptPayload(payload: string, keyBase64: string, subtle: SubtleLike = globalThis.crypto.subtle): Promise<unknown> {
  const key = await importBeaconKey(keyBase64, subtle, ['decrypt']);
  const bytes = base64ToBytes(payload);
  if (bytes.length <= IV_BYTES) throw new Error('payload too short');
  const iv = bytes.slice(0, IV_BYTES);
  const cipher = bytes.slice(IV_BYTES);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv }, key, cipher);
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

/**
 * For tests and the e2e fake server: takes a whole form body (string or URLSearchParams) and gives
 * back `_t` and the decrypted batch. Rejects when `_a` is missing or does not decrypt.
 */
export async function decryptBatch(body: string | URLSearchParams, keyBase64: string, subtle: SubtleLike = globalThis.crypto.subtle): Promise<{ t: number | undefined; events: unknown }> {
  const params = typeof body === 'string' ? new URLSearchParams(body) : body;
  const payload = params.get('_a');
  if (!payload) throw new Error('no _a field');
  const tRaw = params.get('_t');
  const t = tRaw !== null && tRaw !== '' && Number.isFinite(Number(tRaw)) ? Number(tRaw) : undefined;
  return { t, events: await decryptPayload(payload, keyBase64, subtle) };
}
