/**
 * Every timing constant and limit of spec §9 that the browser runtime uses, in one place, so a test
 * can assert them and a change is made once. Durations in milliseconds unless the name says days.
 */
export const TIMING = {
  /** Scroll handlers run at most once per 200 ms (back-to-top, banner, QR button). */
  scrollThrottleMs: 200,
  /** The mobile registration banner appears 1 s after load and returns 5 s after sliding away. */
  bannerDelayMs: 1000,
  bannerReturnMs: 5000,
  /** Toasts: shown 1000 ms by default, plus 300 ms for the leave animation; 3.6 s where used. */
  toastDefaultMs: 1000,
  toastAnimationMs: 300,
  toastInUseMs: 3600,
  /** Loading bar: shown only when loading lasts over 200 ms; fills over 2000 ms; 3 px high. */
  loadingThrottleMs: 200,
  loadingDurationMs: 2000,
  loadingHeightPx: 3,
  /** Google one-tap starts 3 s after load; its credential-picker iframe is kept on top. */
  oneTapDelayMs: 3000,
  credentialPickerPollMs: 500,
  credentialPickerStopMs: 20 * 60 * 1000,
  credentialPickerZIndex: 1e9,
  /** The fatal error screen counts down 5 s, then goes to its back target. */
  errorCountdownMs: 5000,
  /** A failed chunk load reloads the page at most once per 10 s. */
  reloadGuardMs: 10_000,
  /** Analytics: a batch of 20 events, or whatever is queued after 10 s. */
  analyticsBatchSize: 20,
  analyticsFlushMs: 10_000,
  /** Fingerprint audio probe gives up after 1 s. */
  fingerprintAudioTimeoutMs: 1000,
  /**
   * The fingerprint is collected 5 s after tracking starts, when the browser is idle (not in the
   * spec): its probes (WebGL, canvas, audio) cost hundreds of milliseconds on a slow phone and must
   * never compete with the page becoming usable.
   */
  fingerprintDelayMs: 5000,
  /** Chat widget: polled every 500 ms up to 1200 ticks; its iframe is looked for after 500 ms. */
  chatPollMs: 500,
  chatPollTicks: 1200,
  chatIframeDelayMs: 500,
  /** On mobile the customer-service script loads 500 ms after the page. */
  mobileChatScriptDelayMs: 500,
  /** Internal links are prefetched at most 4 at a time. */
  prefetchConcurrency: 4,
  /** How often the page asks whether a newer build is deployed (not in the spec: 5 minutes). */
  buildPollMs: 5 * 60 * 1000,
} as const;

export const STORAGE = {
  registerCode: 'registeCode',
  source: 'source',
  isPush: 'isPush',
  openChat: 'open_chat',
  analyticsQueue: 'sitegen_events',
  fingerprintSent: 'sitegen_fp',
  lastReload: 'sitegen_reload_at',
} as const;

/** Floating buttons (back-to-top, QR) sit 93 px from the bottom, and 5 px above a present chat. */
export const FLOATING = { bottomPx: 93, aboveChatPx: 5 } as const;

/** Spec §9 breakpoints in px; "mobile" means a viewport at most 767 px wide. */
export const BREAKPOINTS = { xs: 320, sm: 992, md: 1200, xl: 1400, xxl: 1536, mobile: 767 } as const;

/** The media query of a mobile-sized viewport. */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile}px)`;

/** The QR consultation image is 234 x 282 px. */
export const QR_IMAGE = { width: 234, height: 282 } as const;

/** Spec §8 analytics error codes. */
export const ERROR_CODES = { resourceLoad: 100101, script: 100102, unhandledRejection: 100103 } as const;
