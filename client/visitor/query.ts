/**
 * Values the visitor modules take from the address bar, cookies and storage. All of them are
 * attacker-controlled (anyone can send a link), so each kind is checked against a strict pattern and
 * anything else is treated as absent.
 */

/** Referral codes: 1–64 letters, digits, "_" or "-". */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Sources: 1–64 letters, digits, "_", "." or "-". */
export const SOURCE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export function isReferralCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);
}

export function isSource(value: string | null | undefined): value is string {
  return typeof value === 'string' && SOURCE_PATTERN.test(value);
}

/** A query parameter of `search` ("?a=1" or "a=1"), undefined when absent or empty. */
export function queryValue(search: string, name: string): string | undefined {
  const value = new URLSearchParams(search).get(name);
  return value ? value : undefined;
}
