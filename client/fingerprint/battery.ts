/** navigator.getBattery(), when present. */
import type { FingerprintEnv } from './types.js';
import { finiteOrNull } from './util.js';

export interface BatteryInfo {
  charging: boolean | null;
  level: number | null;
  /** Seconds; null when unknown or infinite. */
  chargingTime: number | null;
  dischargingTime: number | null;
}

export async function batteryInfo(env: FingerprintEnv): Promise<BatteryInfo | undefined> {
  try {
    const nav = env.navigator;
    if (!nav || typeof nav.getBattery !== 'function') return undefined;
    const battery = await nav.getBattery();
    if (!battery || typeof battery !== 'object') return undefined;
    return {
      charging: typeof battery.charging === 'boolean' ? battery.charging : null,
      level: finiteOrNull(battery.level),
      chargingTime: finiteOrNull(battery.chargingTime),
      dischargingTime: finiteOrNull(battery.dischargingTime),
    };
  } catch {
    return undefined;
  }
}
