/**
 * Puts analytics and the fingerprint together behind the consent rule: everything starts at once
 * when consent is not needed or was given, waits for grant() when the banner has to ask, and never
 * starts after a refusal. login_ip is filled in when the visitor-IP call answers.
 */
import type { ApiClient } from '../api/api-client.js';
import { TIMING } from '../constants.js';
import { sendFingerprintIfChanged } from '../fingerprint/send.js';
import type { FingerprintEnv } from '../fingerprint/types.js';
import type { SafeStorage } from '../platform/storage.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { startAnalytics, type AnalyticsWindow } from './auto-events.js';
import { createBeaconSender, type BeaconNavigator } from './beacon.js';
import { fetchVisitorIp, type VisitorIp } from '../services/visitor-ip.js';
import { consentNeeded, readConsent, recordConsent, type ConsentState } from './consent.js';
import { createEventFactory, type EventFactory, type EventWindow } from './events.js';
import { createTracker, type Tracker } from './queue.js';

export interface TrackingOptions {
  config: RuntimeConfig;
  api: ApiClient;
  doc: Document;
  win: AnalyticsWindow & EventWindow & { navigator?: BeaconNavigator };
  storage: SafeStorage;
  /** The visitor-IP answer when someone else already asked for it; otherwise it is fetched here. */
  visitor?: Promise<VisitorIp | undefined>;
  /** Default: built from the global window. */
  fingerprintEnv?: FingerprintEnv;
}

export interface TrackingHandle {
  /** 'ask' until the banner calls grant() or deny(). */
  status(): ConsentState;
  visitor(): VisitorIp | undefined;
  grant(): void;
  deny(): void;
  stop(): void;
  /** For tests and for code that tracks its own events; undefined until started. */
  tracker(): Tracker | undefined;
  events(): EventFactory | undefined;
}

function whenIdle(win: object, run: () => void): void {
  const ric = (win as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  if (ric) ric.call(win, run, { timeout: 10_000 });
  else setTimeout(run, 0);
}

export async function initTracking(options: TrackingOptions): Promise<TrackingHandle> {
  const { config, doc } = options;
  let state: ConsentState = 'ask';
  let visitor: VisitorIp | undefined;
  let started: { tracker: Tracker; events: EventFactory; stop: () => void } | undefined;

  const start = () => {
    if (started) return;
    try {
      const events = createEventFactory({ config, doc, win: options.win, loginIp: visitor?.ip });
      const tracker = createTracker({
        storage: options.storage,
        send: createBeaconSender({ config, navigator: options.win.navigator }),
      });
      const stopAuto = startAnalytics({ win: options.win, doc, tracker, events });
      const fingerprint = setTimeout(() => {
        whenIdle(options.win, () => void sendFingerprintIfChanged({ api: options.api, config, storage: options.storage, env: options.fingerprintEnv }));
      }, TIMING.fingerprintDelayMs);
      started = { tracker, events, stop: () => (stopAuto(), tracker.stop(), clearTimeout(fingerprint)) };
    } catch {
      // Tracking failures are silently ignored (spec §8).
    }
  };

  const handle: TrackingHandle = {
    status: () => state,
    visitor: () => visitor,
    grant() {
      recordConsent(doc, true);
      state = 'granted';
      start();
    },
    deny() {
      recordConsent(doc, false);
      state = 'denied';
      handle.stop();
    },
    stop() {
      started?.stop();
      started = undefined;
    },
    tracker: () => started?.tracker,
    events: () => started?.events,
  };

  try {
    const visitorPromise = (options.visitor ?? fetchVisitorIp(options.api, config)).catch(() => undefined);
    void visitorPromise.then((v) => {
      visitor = v;
      if (v?.ip) started?.events.setContext({ login_ip: v.ip });
    });
    const stored = readConsent(doc);
    // Decided without the country: no list, or a stored answer.
    state = consentNeeded(undefined, config.analytics?.consentCountries, stored);
    if (state === 'ask') {
      visitor = await visitorPromise;
      // The banner may have answered while the call was pending.
      if (state === 'ask') state = consentNeeded(visitor?.ip_data?.country, config.analytics?.consentCountries, stored);
    }
    if (state === 'granted') start();
  } catch {
    // As above.
  }
  return handle;
}
