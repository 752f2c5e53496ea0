/**
 * Visitor tracking must never break a page (spec §8: "tracking failures silently ignored"). These two
 * helpers are the only places the visitor modules swallow errors, so the rule is applied the same way.
 */
import type { ApiClient, ApiRequest } from '../api/api-client.js';

/** Runs `fn`; if it throws (storage, cookies, a malformed config), gives `fallback` instead. */
export function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/**
 * Sends a tracking call and never rejects: true when the API answered with code 0, false otherwise.
 * The api client has already logged transport and body errors ('req error' / 'res error'). The
 * request is built inside the guard, so a malformed config cannot throw out either.
 */
export async function quietCall(api: ApiClient, buildRequest: () => ApiRequest): Promise<boolean> {
  try {
    await api(buildRequest());
    return true;
  } catch {
    return false;
  }
}
