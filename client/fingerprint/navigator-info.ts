/** Navigator properties and the time zone. */
import type { FingerprintEnv } from './types.js';
import { attempt } from './util.js';

export interface NavigatorInfo {
  userAgent?: string;
  language?: string;
  languages?: string[];
  platform?: string;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  maxTouchPoints?: number;
  cookieEnabled?: boolean;
  doNotTrack?: string | null;
  timezone?: string;
}

export function navigatorInfo(env: FingerprintEnv): NavigatorInfo | undefined {
  return attempt(() => {
    const nav = env.navigator;
    const info: NavigatorInfo = {};
    if (nav) {
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
      info.userAgent = attempt(() => str(nav.userAgent));
      info.language = attempt(() => str(nav.language));
      info.languages = attempt(() => (Array.isArray(nav.languages) ? nav.languages.filter((l) => typeof l === 'string') : undefined));
      info.platform = attempt(() => str(nav.platform));
      info.hardwareConcurrency = attempt(() => num(nav.hardwareConcurrency));
      info.deviceMemory = attempt(() => num(nav.deviceMemory));
      info.maxTouchPoints = attempt(() => num(nav.maxTouchPoints));
      info.cookieEnabled = attempt(() => (typeof nav.cookieEnabled === 'boolean' ? nav.cookieEnabled : undefined));
      info.doNotTrack = attempt(() => (nav.doNotTrack === null || typeof nav.doNotTrack === 'string' ? nav.doNotTrack : undefined));
    }
    info.timezone = attempt(() => (env.timeZone ? env.timeZone() : Intl.DateTimeFormat().resolvedOptions().timeZone)) || undefined;
    for (const key of Object.keys(info) as (keyof NavigatorInfo)[]) if (info[key] === undefined) delete info[key];
    return info;
  });
}
