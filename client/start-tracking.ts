/**
 * Analytics and fingerprint behind the consent rule (client/analytics/tracking.ts), plus the
 * consent banner when the visitor's country needs one, and the error reporter other modules use
 * (spec §8: statistics injection failures are reported with trigger 'api error').
 */
import type { ApiClient } from './api/api-client.js';
import { initTracking, type TrackingHandle } from './analytics/tracking.js';
import type { VisitorIp } from './services/visitor-ip.js';
import type { SafeStorage } from './platform/storage.js';
import type { RuntimeConfig } from '../src/model/browser-contract.js';

export interface Tracking {
  reportError(error: unknown, context: { trigger: string }): void;
}

export function startTracking({ config, api, storage, visitor }: { config: RuntimeConfig; api: ApiClient; storage: SafeStorage; visitor: Promise<VisitorIp | undefined> }): Tracking {
  let handle: TrackingHandle | undefined;
  const pending: [unknown, string][] = [];
  const report = (error: unknown, trigger: string) => {
    const tracker = handle?.tracker();
    const events = handle?.events();
    if (!tracker || !events) {
      if (handle?.status() !== 'denied') pending.push([error, trigger]);
      return;
    }
    tracker.track(events.create('error', trigger, { message: String((error as Error | undefined)?.message ?? error).slice(0, 300), data: { trigger } }));
  };
  void initTracking({ config, api, doc: document, win: window, storage, visitor })
    .then((h) => {
      handle = h;
      if (h.status() === 'ask') void askConsent(config, h, () => pending.splice(0).forEach(([e, t]) => report(e, t)));
      else pending.splice(0).forEach(([e, t]) => report(e, t));
    })
    .catch(() => undefined);
  return { reportError: (error, { trigger }) => report(error, trigger) };
}

async function askConsent(config: RuntimeConfig, handle: TrackingHandle, onGranted: () => void): Promise<void> {
  const { renderWidget, removeWidget, ConsentBanner } = await import('./ui.js');
  const { messages } = config;
  renderWidget('sitegen-consent', ConsentBanner, {
    text: messages.consentText,
    accept: messages.consentAccept,
    decline: messages.consentDecline,
    policyUrl: config.cookiePolicyUrl,
    policyLabel: messages.consentPolicy,
    onAnswer(granted: boolean) {
      removeWidget('sitegen-consent');
      if (granted) {
        handle.grant();
        onGranted();
      } else handle.deny();
    },
  });
}
