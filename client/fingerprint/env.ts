/** Builds a FingerprintEnv from a real window. */
import type { FingerprintEnv, NavigatorLike, OfflineAudioContextCtor } from './types.js';

/** Built from the global window by default; null gives an empty env. */
export function fingerprintEnv(win: Window | null | undefined = globalThis.window): FingerprintEnv {
  const env: FingerprintEnv = {};
  if (!win) return env;
  try {
    env.navigator = win.navigator as unknown as NavigatorLike;
  } catch {
    // Leave it out.
  }
  try {
    const doc = win.document;
    if (doc) env.createCanvas = () => doc.createElement('canvas');
  } catch {
    // Leave it out.
  }
  try {
    const w = win as unknown as { OfflineAudioContext?: OfflineAudioContextCtor; webkitOfflineAudioContext?: OfflineAudioContextCtor };
    const ctor = w.OfflineAudioContext ?? w.webkitOfflineAudioContext;
    if (ctor) env.OfflineAudioContext = ctor;
  } catch {
    // Leave it out.
  }
  try {
    const subtle = win.crypto?.subtle;
    if (subtle) env.subtle = subtle;
  } catch {
    // Leave it out.
  }
  return env;
}
