/**
 * Work that waits until the page has loaded and the browser is idle, in its own chunk so it never
 * competes with the first paint: the home page's base info, one-tap sign-in, the chat widget, and
 * (after consent where needed) analytics and the fingerprint.
 */
import type { ApiClient } from './api/api-client.js';
import type { SafeStorage } from './platform/storage.js';
import type { RuntimeConfig } from '../src/model/browser-contract.js';
import { fetchVisitorIp } from './services/visitor-ip.js';
import { startBaseInfo } from './services/base-info.js';
import { startChat } from './services/chat.js';
import { startOneTap } from './services/one-tap.js';
import { startTracking } from './start-tracking.js';
import type { VisitorState } from './visitor/start-visitor.js';

export interface DeferredDeps {
  config: RuntimeConfig;
  api: ApiClient;
  storage: SafeStorage;
  visitor: VisitorState;
  toast(message: string, kind: 'error' | 'success'): void;
}

export function startDeferred({ config, api, storage, visitor, toast }: DeferredDeps): void {
  // One visitor-IP call serves the consent rule, analytics' login_ip and the chat choice.
  const visitorIp = fetchVisitorIp(api, config).catch(() => undefined);
  const tracking = startTracking({ config, api, storage, visitor: visitorIp });
  if (document.body.dataset.page === 'home') {
    // Spec §7: home base info, with statistics scripts injected; a failure is reported with trigger 'api error'.
    void startBaseInfo({ api, config, doc: document, reportError: tracking.reportError });
  }
  startOneTap({
    api,
    config,
    doc: document,
    global: window,
    location: window.location,
    toast,
    fields: () => ({ invite_code: visitor.referralCode ?? '', source: visitor.source ?? '', referer: document.referrer, redirect_data: visitor.callback ?? '' }),
  });
  startChat({ api, config, doc: document, win: window, storage, visitorIp: () => visitorIp.then((v) => v?.ip) });
}
