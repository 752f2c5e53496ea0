import type { AudioBufferLike, CanvasLike, OfflineAudioContextCtor, OfflineAudioContextLike } from '../../../../client/fingerprint/types.js';

/** A 2D context that records nothing and measures text by a rule the test chooses. */
export function fake2d(measure: (font: string, text: string) => number = () => 100) {
  const ctx = {
    font: '10px sans-serif',
    textBaseline: 'alphabetic',
    fillStyle: '#000' as unknown,
    globalCompositeOperation: 'source-over',
    measureText(text: string) {
      return { width: measure(ctx.font, text) };
    },
    fillRect() {},
    fillText() {},
    beginPath() {},
    arc() {},
    closePath() {},
    fill() {},
  };
  return ctx;
}

export function fakeCanvas(contexts: Record<string, unknown>, dataUrl = 'data:image/png;base64,AAAA'): CanvasLike {
  return {
    width: 300,
    height: 150,
    getContext: (id: string) => contexts[id] ?? null,
    toDataURL: () => dataUrl,
  };
}

export function fakeGl(params: Record<number, unknown>, extensions: Record<string, unknown> = {}) {
  return {
    getParameter: (p: number) => {
      if (!(p in params)) throw new Error(`INVALID_ENUM ${p}`);
      return params[p];
    },
    getExtension: (name: string) => extensions[name] ?? null,
    getSupportedExtensions: () => Object.keys(extensions),
  };
}

/**
 * An OfflineAudioContext whose rendering finishes when `render` says: 'promise' resolves the
 * startRendering promise, 'event' calls oncomplete (old Safari), 'never' never finishes.
 */
export function fakeAudioCtor(render: 'promise' | 'event' | 'never' | 'reject', samples: (i: number) => number = () => 0.001): OfflineAudioContextCtor {
  const param = () => ({ value: 0, setValueAtTime(this: { value: number }, v: number) { this.value = v; } });
  const buffer: AudioBufferLike = { getChannelData: () => Array.from({ length: 5000 }, (_, i) => samples(i)) };
  return class implements OfflineAudioContextLike {
    currentTime = 0;
    destination = {};
    oncomplete: OfflineAudioContextLike['oncomplete'] = null;
    createOscillator() {
      return { type: 'sine', frequency: param(), connect() {}, start() {} };
    }
    createDynamicsCompressor() {
      return { threshold: param(), knee: param(), ratio: param(), attack: param(), release: param(), connect() {} };
    }
    startRendering(): Promise<AudioBufferLike> | void {
      if (render === 'promise') return Promise.resolve(buffer);
      if (render === 'reject') return Promise.reject(new Error('render failed'));
      if (render === 'event') {
        queueMicrotask(() => this.oncomplete?.({ renderedBuffer: buffer }));
        return undefined;
      }
      return new Promise(() => {});
    }
  };
}
