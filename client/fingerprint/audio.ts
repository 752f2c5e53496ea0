/**
 * Audio fingerprint: a triangle oscillator through a dynamics compressor, rendered offline; the
 * value is the sum of |sample| over samples 4500-4999. Gives 'timeout' when rendering takes longer
 * than 1 s (spec §9) and undefined when there is no OfflineAudioContext or it fails.
 */
import { TIMING } from '../constants.js';
import type { AudioBufferLike, AudioParamLike, FingerprintEnv } from './types.js';

export type AudioFingerprint = number | 'timeout';

export function audioFingerprint(env: FingerprintEnv): Promise<AudioFingerprint | undefined> {
  const Ctor = env.OfflineAudioContext;
  if (typeof Ctor !== 'function') return Promise.resolve(undefined);
  const timeoutMs = env.timeoutMs ?? TIMING.fingerprintAudioTimeoutMs;
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (value: AudioFingerprint | undefined) => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      resolve(value);
    };
    timer = setTimeout(() => finish('timeout'), timeoutMs);
    try {
      const ctx = new Ctor(1, 5000, 44100);
      const oscillator = ctx.createOscillator();
      oscillator.type = 'triangle';
      setParam(oscillator.frequency, 10000, ctx.currentTime);
      const compressor = ctx.createDynamicsCompressor();
      setParam(compressor.threshold, -50, ctx.currentTime);
      setParam(compressor.knee, 40, ctx.currentTime);
      setParam(compressor.ratio, 12, ctx.currentTime);
      setParam(compressor.attack, 0, ctx.currentTime);
      setParam(compressor.release, 0.25, ctx.currentTime);
      oscillator.connect(compressor);
      compressor.connect(ctx.destination);
      oscillator.start(0);
      const onBuffer = (buffer: AudioBufferLike | undefined) => {
        try {
          const data = buffer!.getChannelData(0);
          let sum = 0;
          for (let i = 4500; i < 5000 && i < data.length; i++) sum += Math.abs(data[i] ?? 0);
          finish(Number.isFinite(sum) ? sum : undefined);
        } catch {
          finish(undefined);
        }
      };
      ctx.oncomplete = (event) => onBuffer(event?.renderedBuffer);
      const rendering = ctx.startRendering();
      if (rendering && typeof rendering.then === 'function') rendering.then(onBuffer, () => finish(undefined));
    } catch {
      finish(undefined);
    }
  });
}

function setParam(param: AudioParamLike, value: number, time: number | undefined): void {
  try {
    if (typeof param.setValueAtTime === 'function') param.setValueAtTime(value, time ?? 0);
    else param.value = value;
  } catch {
    try {
      param.value = value;
    } catch {
      // A read-only parameter: render with its default.
    }
  }
}
