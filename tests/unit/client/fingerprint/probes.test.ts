// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audioFingerprint } from '../../../../client/fingerprint/audio.js';
import { batteryInfo } from '../../../../client/fingerprint/battery.js';
import { bluetoothAvailable } from '../../../../client/fingerprint/bluetooth.js';
import { canvasHash } from '../../../../client/fingerprint/canvas.js';
import { clientHints } from '../../../../client/fingerprint/client-hints.js';
import { collectFingerprint } from '../../../../client/fingerprint/collect.js';
import { fingerprintEnv } from '../../../../client/fingerprint/env.js';
import { detectFonts } from '../../../../client/fingerprint/fonts.js';
import { navigatorInfo } from '../../../../client/fingerprint/navigator-info.js';
import type { FingerprintEnv, NavigatorLike } from '../../../../client/fingerprint/types.js';
import { GL, webglInfo } from '../../../../client/fingerprint/webgl.js';
import { fake2d, fakeAudioCtor, fakeCanvas, fakeGl } from './fakes.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const throwingNavigator = new Proxy({}, {
  get() {
    throw new Error('blocked');
  },
}) as NavigatorLike;

describe('navigator properties', () => {
  it('reads the navigator and the time zone', () => {
    const nav: NavigatorLike = {
      userAgent: 'UA/1',
      language: 'de-DE',
      languages: ['de-DE', 'en'],
      platform: 'Win32',
      hardwareConcurrency: 8,
      deviceMemory: 16,
      maxTouchPoints: 0,
      cookieEnabled: true,
      doNotTrack: null,
    };
    expect(navigatorInfo({ navigator: nav, timeZone: () => 'Europe/Berlin' })).toEqual({ ...nav, languages: ['de-DE', 'en'], timezone: 'Europe/Berlin' });
  });

  it('leaves out what is missing or throws', () => {
    expect(navigatorInfo({})).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(navigatorInfo({ navigator: throwingNavigator, timeZone: () => { throw new Error('no Intl'); } })).toEqual({});
  });
});

describe('client hints', () => {
  it('merges the brands with the high-entropy values', async () => {
    const getHighEntropyValues = vi.fn(async (hints: string[]) => ({ architecture: 'x86', bitness: '64', asked: hints.length }));
    const nav: NavigatorLike = { userAgentData: { brands: [{ brand: 'Chromium', version: '130' }], mobile: false, platform: 'Windows', getHighEntropyValues } };
    await expect(clientHints({ navigator: nav })).resolves.toMatchObject({ brands: [{ brand: 'Chromium', version: '130' }], mobile: false, platform: 'Windows', architecture: 'x86', bitness: '64' });
  });

  it('is undefined without userAgentData, low-entropy only without getHighEntropyValues, undefined when it throws', async () => {
    await expect(clientHints({})).resolves.toBeUndefined();
    await expect(clientHints({ navigator: {} })).resolves.toBeUndefined();
    await expect(clientHints({ navigator: { userAgentData: { mobile: true } } })).resolves.toEqual({ mobile: true });
    const rejecting: NavigatorLike = { userAgentData: { getHighEntropyValues: () => Promise.reject(new Error('NotAllowed')) } };
    await expect(clientHints({ navigator: rejecting })).resolves.toBeUndefined();
    const throwing: NavigatorLike = { userAgentData: { getHighEntropyValues: () => { throw new Error('sync'); } } };
    await expect(clientHints({ navigator: throwing })).resolves.toBeUndefined();
    await expect(clientHints({ navigator: throwingNavigator })).resolves.toBeUndefined();
  });
});

describe('battery and bluetooth', () => {
  it('reads the battery, infinite times becoming null', async () => {
    const nav: NavigatorLike = { getBattery: async () => ({ charging: true, level: 0.5, chargingTime: Infinity, dischargingTime: 3600 }) };
    await expect(batteryInfo({ navigator: nav })).resolves.toEqual({ charging: true, level: 0.5, chargingTime: null, dischargingTime: 3600 });
  });

  it('reads bluetooth availability', async () => {
    await expect(bluetoothAvailable({ navigator: { bluetooth: { getAvailability: async () => true } } })).resolves.toBe(true);
  });

  it('are undefined when missing, rejecting or throwing', async () => {
    for (const env of [{}, { navigator: {} }, { navigator: throwingNavigator }] as FingerprintEnv[]) {
      await expect(batteryInfo(env)).resolves.toBeUndefined();
      await expect(bluetoothAvailable(env)).resolves.toBeUndefined();
    }
    const bad: NavigatorLike = {
      getBattery: () => Promise.reject(new Error('NotAllowed')),
      bluetooth: { getAvailability: () => { throw new Error('SecurityError'); } },
    };
    await expect(batteryInfo({ navigator: bad })).resolves.toBeUndefined();
    await expect(bluetoothAvailable({ navigator: bad })).resolves.toBeUndefined();
    await expect(bluetoothAvailable({ navigator: { bluetooth: {} } })).resolves.toBeUndefined();
  });
});

describe('fonts', () => {
  it('detects a font whose text measures differently from a generic family', () => {
    // Arial changes the sans-serif width only; Consolas changes the monospace width only.
    const ctx = fake2d((font) => {
      if (font.includes('"Arial"') && font.endsWith('sans-serif')) return 120;
      if (font.includes('"Consolas"') && font.endsWith('monospace')) return 90;
      return 100;
    });
    const fonts = detectFonts({ createCanvas: () => fakeCanvas({ '2d': ctx }) });
    expect(fonts).toEqual(['Arial', 'Consolas']);
  });

  it('is undefined without a canvas, a 2d context, or when measuring throws', () => {
    expect(detectFonts({})).toBeUndefined();
    expect(detectFonts({ createCanvas: () => null })).toBeUndefined();
    expect(detectFonts({ createCanvas: () => { throw new Error('no canvas'); } })).toBeUndefined();
    expect(detectFonts({ createCanvas: () => fakeCanvas({}) })).toBeUndefined();
    const throwing = fake2d(() => { throw new Error('measure'); });
    expect(detectFonts({ createCanvas: () => fakeCanvas({ '2d': throwing }) })).toBeUndefined();
  });
});

describe('audio', () => {
  it('sums |samples| 4500-4999 of the rendered buffer (promise or oncomplete)', async () => {
    const expected = 500 * 0.001;
    await expect(audioFingerprint({ OfflineAudioContext: fakeAudioCtor('promise') })).resolves.toBeCloseTo(expected, 10);
    await expect(audioFingerprint({ OfflineAudioContext: fakeAudioCtor('event', (i) => (i >= 4500 ? -0.002 : 9)) })).resolves.toBeCloseTo(1, 10);
  });

  it('gives "timeout" when rendering takes over 1 s', async () => {
    let result: unknown = 'pending';
    void audioFingerprint({ OfflineAudioContext: fakeAudioCtor('never') }).then((v) => (result = v));
    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('timeout');
  });

  it('is undefined without OfflineAudioContext, or when it throws or rejects', async () => {
    await expect(audioFingerprint({})).resolves.toBeUndefined();
    await expect(audioFingerprint({ OfflineAudioContext: fakeAudioCtor('reject') })).resolves.toBeUndefined();
    const Throwing = class {
      constructor() {
        throw new Error('NotSupported');
      }
    } as unknown as FingerprintEnv['OfflineAudioContext'];
    await expect(audioFingerprint({ OfflineAudioContext: Throwing })).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('WebGL', () => {
  it('reads vendor, renderer, unmasked values and limits', () => {
    const gl = fakeGl(
      {
        [GL.VENDOR]: 'WebKit',
        [GL.RENDERER]: 'WebKit WebGL',
        [GL.VERSION]: 'WebGL 1.0',
        [GL.MAX_TEXTURE_SIZE]: 16384,
        [GL.MAX_VIEWPORT_DIMS]: new Int32Array([32767, 32767]),
        [GL.ALIASED_LINE_WIDTH_RANGE]: new Float32Array([1, 1]),
        [GL.UNMASKED_VENDOR_WEBGL]: 'Google Inc. (NVIDIA)',
        [GL.UNMASKED_RENDERER_WEBGL]: 'ANGLE (NVIDIA GeForce)',
      },
      { WEBGL_debug_renderer_info: { UNMASKED_VENDOR_WEBGL: GL.UNMASKED_VENDOR_WEBGL, UNMASKED_RENDERER_WEBGL: GL.UNMASKED_RENDERER_WEBGL }, OES_texture_float: {} },
    );
    const info = webglInfo({ createCanvas: () => fakeCanvas({ webgl: gl }) });
    expect(info).toEqual({
      vendor: 'WebKit',
      renderer: 'WebKit WebGL',
      version: 'WebGL 1.0',
      unmaskedVendor: 'Google Inc. (NVIDIA)',
      unmaskedRenderer: 'ANGLE (NVIDIA GeForce)',
      limits: { MAX_TEXTURE_SIZE: 16384, MAX_VIEWPORT_DIMS: [32767, 32767], ALIASED_LINE_WIDTH_RANGE: [1, 1] },
      extensions: ['OES_texture_float', 'WEBGL_debug_renderer_info'],
    });
  });

  it('falls back to experimental-webgl, and leaves out unmasked values without the extension', () => {
    const gl = fakeGl({ [GL.VENDOR]: 'V' });
    expect(webglInfo({ createCanvas: () => fakeCanvas({ 'experimental-webgl': gl }) })).toEqual({ vendor: 'V', limits: {}, extensions: [] });
  });

  it('is undefined without a canvas or WebGL, or when getContext throws', () => {
    expect(webglInfo({})).toBeUndefined();
    expect(webglInfo({ createCanvas: () => fakeCanvas({}) })).toBeUndefined();
    expect(webglInfo({ createCanvas: () => ({ width: 0, height: 0, getContext: () => { throw new Error('lost'); } }) })).toBeUndefined();
    expect(webglInfo({ createCanvas: () => { throw new Error('no canvas'); } })).toBeUndefined();
  });
});

describe('canvas hash', () => {
  it('hashes the data URL of the drawing, stably', () => {
    const env = (url: string): FingerprintEnv => ({ createCanvas: () => fakeCanvas({ '2d': fake2d() }, url) });
    const a = canvasHash(env('data:image/png;base64,AAAA'));
    expect(a).toMatch(/^[0-9a-f]{14}$/);
    expect(canvasHash(env('data:image/png;base64,AAAA'))).toBe(a);
    expect(canvasHash(env('data:image/png;base64,AAAB'))).not.toBe(a);
  });

  it('is undefined without a canvas, a context or toDataURL, or when drawing throws', () => {
    expect(canvasHash({})).toBeUndefined();
    expect(canvasHash({ createCanvas: () => fakeCanvas({}) })).toBeUndefined();
    expect(canvasHash({ createCanvas: () => ({ width: 0, height: 0, getContext: () => fake2d() }) })).toBeUndefined();
    const ctx = { ...fake2d(), fillText: () => { throw new Error('tainted'); } };
    expect(canvasHash({ createCanvas: () => fakeCanvas({ '2d': ctx }) })).toBeUndefined();
    const tainted = { ...fakeCanvas({ '2d': fake2d() }), toDataURL: () => { throw new Error('SecurityError'); } };
    expect(canvasHash({ createCanvas: () => tainted })).toBeUndefined();
  });
});

describe('collectFingerprint', () => {
  it('gathers every probe', async () => {
    const gl = fakeGl({ [GL.VENDOR]: 'V' });
    const env: FingerprintEnv = {
      navigator: {
        userAgent: 'UA',
        userAgentData: { mobile: false },
        getBattery: async () => ({ charging: false, level: 1 }),
        bluetooth: { getAvailability: async () => false },
      },
      createCanvas: () => fakeCanvas({ '2d': fake2d(), webgl: gl }),
      OfflineAudioContext: fakeAudioCtor('promise'),
      timeZone: () => 'UTC',
    };
    const fp = await collectFingerprint(env);
    expect(Object.keys(fp).sort()).toEqual(['audio', 'battery', 'bluetooth', 'canvas', 'clientHints', 'fonts', 'navigator', 'webgl']);
    expect(fp.navigator).toEqual({ userAgent: 'UA', timezone: 'UTC' });
    expect(fp.fonts).toEqual([]);
  });

  it('runs the synchronous probes (fonts, WebGL, canvas) in tasks of their own', async () => {
    const order: string[] = [];
    const env: FingerprintEnv = {
      timeZone: () => 'UTC',
      createCanvas: () => (order.push('canvas element'), null),
      yieldToMain: async () => void order.push('yield'),
    };
    await collectFingerprint(env);
    // fonts, webgl and canvas each create a canvas element; a yield comes before each.
    expect(order).toEqual(['yield', 'canvas element', 'yield', 'canvas element', 'yield', 'canvas element']);
  });

  it('with nothing available gives (almost) nothing, and does not throw or hang', async () => {
    await expect(collectFingerprint({ timeZone: () => undefined })).resolves.toEqual({ navigator: {} });
    await expect(collectFingerprint({ navigator: throwingNavigator, createCanvas: () => { throw new Error('x'); } })).resolves.toBeTypeOf('object');
  });

  it('does not wait more than 1 s for a hanging probe', async () => {
    const hanging: FingerprintEnv = {
      navigator: { getBattery: () => new Promise(() => {}), bluetooth: { getAvailability: () => new Promise(() => {}) }, userAgentData: { getHighEntropyValues: () => new Promise(() => {}) } },
      OfflineAudioContext: fakeAudioCtor('never'),
      timeZone: () => 'UTC',
    };
    let fp: unknown;
    void collectFingerprint(hanging).then((v) => (fp = v));
    await vi.advanceTimersByTimeAsync(999);
    expect(fp).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    // The remaining probes run in tasks of their own (a message round trip each), then it resolves.
    await vi.waitFor(() => expect(fp).toEqual({ navigator: { timezone: 'UTC' }, audio: 'timeout' }), { timeout: 10_000 }); // a bound for a hang on a busy machine
  });

  it('runs in happy-dom, whose canvas has no context', async () => {
    const fp = await collectFingerprint(fingerprintEnv(window));
    expect(fp.navigator?.userAgent).toBe(navigator.userAgent);
    expect(fp.canvas).toBeUndefined();
    expect(fingerprintEnv(null)).toEqual({});
  });
});
