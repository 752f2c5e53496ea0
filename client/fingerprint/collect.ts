/** Runs every probe of spec §7; a probe that fails or is unsupported leaves its field out. */
import { TIMING } from '../constants.js';
import { audioFingerprint, type AudioFingerprint } from './audio.js';
import { batteryInfo, type BatteryInfo } from './battery.js';
import { bluetoothAvailable } from './bluetooth.js';
import { canvasHash } from './canvas.js';
import { clientHints } from './client-hints.js';
import { detectFonts } from './fonts.js';
import { navigatorInfo, type NavigatorInfo } from './navigator-info.js';
import type { FingerprintEnv } from './types.js';
import { attempt, withTimeout } from './util.js';
import { webglInfo, type WebGLInfo } from './webgl.js';

export interface Fingerprint {
  navigator?: NavigatorInfo;
  clientHints?: Record<string, unknown>;
  battery?: BatteryInfo;
  bluetooth?: boolean;
  fonts?: string[];
  audio?: AudioFingerprint;
  webgl?: WebGLInfo;
  canvas?: string;
}

export async function collectFingerprint(env: FingerprintEnv = {}): Promise<Fingerprint> {
  const ms = env.timeoutMs ?? TIMING.fingerprintAudioTimeoutMs;
  const fp: Fingerprint = {};
  try {
    const [hints, battery, bluetooth, audio] = await Promise.all([
      withTimeout(() => clientHints(env), ms, undefined),
      withTimeout(() => batteryInfo(env), ms, undefined),
      withTimeout(() => bluetoothAvailable(env), ms, undefined),
      audioFingerprint(env).catch(() => undefined),
    ]);
    const put = <K extends keyof Fingerprint>(key: K, value: Fingerprint[K] | undefined) => {
      if (value !== undefined) fp[key] = value;
    };
    put('navigator', attempt(() => navigatorInfo(env)));
    put('clientHints', hints);
    put('battery', battery);
    put('bluetooth', bluetooth);
    // The synchronous probes (text measuring, a WebGL context, canvas encoding) each take tens of
    // milliseconds on a slow phone: each runs in its own task, so none blocks input for long.
    const pause = env.yieldToMain ?? yieldToMain;
    await pause();
    put('fonts', attempt(() => detectFonts(env)));
    put('audio', audio);
    await pause();
    put('webgl', attempt(() => webglInfo(env)));
    await pause();
    put('canvas', attempt(() => canvasHash(env)));
  } catch {
    // Whatever was gathered is the fingerprint.
  }
  return fp;
}

/**
 * Lets the browser handle input and paint before the next probe: scheduler.yield() where it exists,
 * else a message to ourselves (a new task without a timer's minimum delay).
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * What the "changed?" check hashes: the fingerprint without the battery's changing charge (only
 * whether a battery API exists), so a draining battery alone does not resend it.
 */
export function stableFingerprint(fp: Fingerprint): Omit<Fingerprint, 'battery'> & { hasBattery?: boolean } {
  const { battery, ...rest } = fp;
  return battery === undefined ? rest : { ...rest, hasBattery: true };
}
