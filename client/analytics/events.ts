/**
 * The analytics event model of spec §3: a type (click, view, expose, error), a name, the time, the
 * page and its locale, and the context fields user_id, user_info, device_id, screen_size,
 * app_version and login_ip.
 */
import { COOKIE, COOKIE_DAYS } from '../../src/model/browser-contract.js';
import { getCookie, setCookie } from '../platform/cookies.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { randomId, type RandomSource } from './ids.js';

export type EventType = 'click' | 'view' | 'expose' | 'error';

export interface EventContext {
  user_id: string;
  user_info: string;
  device_id: string;
  /** "WxH" of the screen, e.g. "1920x1080". */
  screen_size: string;
  app_version: string;
  /** Empty until the visitor-IP call answers. */
  login_ip: string;
}

export type EventData = Record<string, string | number | boolean>;

export interface AnalyticsEvent extends EventContext {
  /** Unique per event, so a batch is removed from the queue exactly once. */
  id: string;
  type: EventType;
  name: string;
  /** Milliseconds since the epoch. */
  time: number;
  url: string;
  locale: string;
  /** Error events: the code of spec §8 (100101, 100102, 100103) and a message. */
  code?: number;
  message?: string;
  data?: EventData;
}

export interface EventExtras {
  code?: number;
  message?: string;
  data?: EventData;
}

/** The window parts events read; all optional, so a bare object works in tests. */
export interface EventWindow {
  location?: { href?: string };
  screen?: { width?: number; height?: number };
  innerWidth?: number;
  innerHeight?: number;
}

export interface EventFactoryOptions {
  config: Pick<RuntimeConfig, 'locale' | 'buildId'>;
  doc: Document;
  win?: EventWindow;
  now?: () => number;
  random?: RandomSource;
  userId?: string;
  userInfo?: string;
  loginIp?: string;
}

export interface EventFactory {
  create(type: EventType, name: string, extras?: EventExtras): AnalyticsEvent;
  /** Updates context fields for later events (login_ip once the visitor IP is known, a user id...). */
  setContext(patch: Partial<EventContext>): void;
  context(): EventContext;
}

/** The `_DEVICE_ID` cookie, created (and kept 360 days) when missing. */
export function getDeviceId(doc: Document, random?: RandomSource): string {
  const existing = getCookie(doc, COOKIE.device);
  if (existing) return existing;
  const id = randomId(random);
  setCookie(doc, COOKIE.device, id, COOKIE_DAYS.device);
  return id;
}

export function screenSize(win: EventWindow | undefined): string {
  try {
    const w = win?.screen?.width ?? win?.innerWidth ?? 0;
    const h = win?.screen?.height ?? win?.innerHeight ?? 0;
    return `${Math.round(Number(w) || 0)}x${Math.round(Number(h) || 0)}`;
  } catch {
    return '0x0';
  }
}

export function createEventFactory(options: EventFactoryOptions): EventFactory {
  const now = options.now ?? (() => Date.now());
  const ctx: EventContext = {
    user_id: options.userId ?? '',
    user_info: options.userInfo ?? '',
    device_id: safe(() => getDeviceId(options.doc, options.random), () => randomId(options.random)),
    screen_size: screenSize(options.win),
    app_version: options.config.buildId ?? '',
    login_ip: options.loginIp ?? '',
  };
  const pageUrl = (): string => safe(() => options.win?.location?.href ?? options.doc.location?.href ?? '', () => '');
  return {
    create(type, name, extras = {}) {
      const event: AnalyticsEvent = {
        id: randomId(options.random),
        type,
        name,
        time: safe(now, () => Date.now()),
        url: pageUrl(),
        locale: options.config.locale ?? '',
        ...ctx,
      };
      if (extras.code !== undefined) event.code = extras.code;
      if (extras.message !== undefined) event.message = extras.message;
      if (extras.data !== undefined) event.data = extras.data;
      return event;
    },
    setContext(patch) {
      for (const [key, value] of Object.entries(patch) as [keyof EventContext, string | undefined][]) {
        if (typeof value === 'string') ctx[key] = value;
      }
    },
    context: () => ({ ...ctx }),
  };
}

function safe<T>(fn: () => T, fallback: () => T): T {
  try {
    return fn();
  } catch {
    return fallback();
  }
}
