/**
 * Spec §4 referral code: the query (ref, then code) wins over the __REF cookie, which wins over the
 * stored registeCode. A found code is kept in __REF for 7 days and reported to the API with cookies,
 * so the registration site can credit the referrer. Invalid values are ignored as hostile input.
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import { STORAGE } from '../constants.js';
import { COOKIE, COOKIE_DAYS } from '../../src/model/browser-contract.js';
import { getCookie, setCookie } from '../platform/cookies.js';
import type { SafeStorage } from '../platform/storage.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { isReferralCode, queryValue } from './query.js';
import { attempt, quietCall } from './tolerant.js';

export interface ReferralSources {
  /** location.search of the page. */
  search: string;
  /** Value of the __REF cookie, if any. */
  cookie?: string | undefined;
  /** Value of registeCode in localStorage, if any. */
  stored?: string | undefined;
}

/** The first valid code of query ref, query code, cookie, storage; undefined when none is valid. */
export function resolveReferralCode(sources: ReferralSources): string | undefined {
  const candidates = [queryValue(sources.search, 'ref'), queryValue(sources.search, 'code'), sources.cookie, sources.stored];
  return candidates.find(isReferralCode);
}

/** GET {api}/sys/config/ref/set?c_v=<code> with credentials; resolves false on any failure. */
export function reportReferral(api: ApiClient, apiBase: string, code: string): Promise<boolean> {
  return quietCall(api, () => ({ method: 'GET', url: apiUrl(apiBase, 'sys/config/ref/set'), query: { c_v: code }, credentials: true }));
}

export interface ApplyReferralDeps {
  doc: Document;
  search: string;
  storage: SafeStorage;
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api'>;
}

/** Resolves the code, refreshes the __REF cookie and reports it (fire and forget). Never throws. */
export function applyReferral(deps: ApplyReferralDeps): string | undefined {
  const code = attempt(
    () =>
      resolveReferralCode({
        search: deps.search,
        cookie: attempt(() => getCookie(deps.doc, COOKIE.referral), undefined),
        stored: attempt(() => deps.storage.get(STORAGE.registerCode), undefined),
      }),
    undefined,
  );
  if (!code) return undefined;
  attempt(() => setCookie(deps.doc, COOKIE.referral, code, COOKIE_DAYS.referral), undefined);
  void reportReferral(deps.api, deps.config.api, code);
  return code;
}
