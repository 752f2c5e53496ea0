/**
 * Runs the visitor-state steps of spec §4/§5 once per page, in the order that makes a fresh query win:
 * query → storage rules first, then the referral code (which reads storage), then the referrer cookie,
 * source tracking and the app links. Each step is guarded on its own, so one failure (storage, cookies,
 * a malformed config) never stops the others and nothing ever throws out.
 */
import type { ApiClient } from '../api/api-client.js';
import type { SafeStorage } from '../platform/storage.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { decorateAppLinks } from './app-links.js';
import { resolveCallback } from './callback.js';
import { applyReferral } from './referral.js';
import { rememberReferrer, storedReferrer } from './referrer.js';
import { applySourceRules, storedSource } from './source-rules.js';
import { sendSourceTracking } from './source-tracking.js';
import { attempt } from './tolerant.js';

export interface VisitorDeps {
  doc: Document;
  location: Pick<Location, 'href' | 'search'>;
  storage: SafeStorage;
  api: ApiClient;
  config: RuntimeConfig;
}

/** What other modules (one-tap login, banner) need to know about this visitor. */
export interface VisitorState {
  referralCode: string | undefined;
  source: string | undefined;
  callback: string | undefined;
}

export function startVisitor(deps: VisitorDeps): VisitorState {
  const { doc, location, storage, api, config } = deps;
  const search = attempt(() => location.search, '');
  const pageUrl = attempt(() => location.href, '');

  attempt(() => applySourceRules(search, storage), undefined);
  const referralCode = attempt(() => applyReferral({ doc, search, storage, api, config }), undefined);
  const source = attempt(() => storedSource(storage), undefined);
  const callback = attempt(() => resolveCallback(search, config), undefined);

  // Read the kept referrer before this page replaces it, so both the earlier and the current
  // external referrer are reported.
  const referrerCookie = attempt(() => storedReferrer(doc, config), undefined);
  const documentReferrer = attempt(() => rememberReferrer(doc, config), undefined);

  void sendSourceTracking(api, config, { pageUrl, search, referrerCookie, documentReferrer, source, callback });
  attempt(() => decorateAppLinks(doc, config, { pageUrl, referralCode }), undefined);

  return { referralCode, source, callback };
}
