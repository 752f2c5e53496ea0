/** WebGL vendor, renderer (unmasked when WEBGL_debug_renderer_info allows), version and a few limits. */
import type { FingerprintEnv } from './types.js';

/** The WebGL 1 enum values, so no constants need reading off the context. */
export const GL = {
  VENDOR: 0x1f00,
  RENDERER: 0x1f01,
  VERSION: 0x1f02,
  SHADING_LANGUAGE_VERSION: 0x8b8c,
  MAX_TEXTURE_SIZE: 0x0d33,
  MAX_VIEWPORT_DIMS: 0x0d3a,
  MAX_RENDERBUFFER_SIZE: 0x84e8,
  MAX_VERTEX_ATTRIBS: 0x8869,
  MAX_VERTEX_UNIFORM_VECTORS: 0x8dfb,
  MAX_FRAGMENT_UNIFORM_VECTORS: 0x8dfd,
  MAX_VARYING_VECTORS: 0x8dfc,
  MAX_TEXTURE_IMAGE_UNITS: 0x8872,
  MAX_COMBINED_TEXTURE_IMAGE_UNITS: 0x8b4d,
  ALIASED_LINE_WIDTH_RANGE: 0x846e,
  ALIASED_POINT_SIZE_RANGE: 0x846d,
  UNMASKED_VENDOR_WEBGL: 0x9245,
  UNMASKED_RENDERER_WEBGL: 0x9246,
} as const;

const LIMITS = [
  'MAX_TEXTURE_SIZE',
  'MAX_VIEWPORT_DIMS',
  'MAX_RENDERBUFFER_SIZE',
  'MAX_VERTEX_ATTRIBS',
  'MAX_VERTEX_UNIFORM_VECTORS',
  'MAX_FRAGMENT_UNIFORM_VECTORS',
  'MAX_VARYING_VECTORS',
  'MAX_TEXTURE_IMAGE_UNITS',
  'MAX_COMBINED_TEXTURE_IMAGE_UNITS',
  'ALIASED_LINE_WIDTH_RANGE',
  'ALIASED_POINT_SIZE_RANGE',
] as const;

export type GlValue = string | number | boolean | number[] | null;

export interface WebGLInfo {
  vendor?: GlValue;
  renderer?: GlValue;
  version?: GlValue;
  shadingLanguageVersion?: GlValue;
  unmaskedVendor?: GlValue;
  unmaskedRenderer?: GlValue;
  limits: Record<string, GlValue>;
  extensions?: string[];
}

interface GlLike {
  getParameter(pname: number): unknown;
  getExtension(name: string): unknown;
  getSupportedExtensions?: () => string[] | null;
}

export function webglInfo(env: FingerprintEnv): WebGLInfo | undefined {
  try {
    const canvas = env.createCanvas?.();
    if (!canvas) return undefined;
    const gl = (attemptGet(() => canvas.getContext('webgl')) ?? attemptGet(() => canvas.getContext('experimental-webgl'))) as GlLike | null | undefined;
    if (!gl || typeof gl.getParameter !== 'function') return undefined;
    const param = (pname: number): GlValue | undefined => {
      try {
        return plain(gl.getParameter(pname));
      } catch {
        return undefined;
      }
    };
    const info: WebGLInfo = { limits: {} };
    const set = <K extends keyof WebGLInfo>(key: K, value: WebGLInfo[K] | undefined) => {
      if (value !== undefined) info[key] = value;
    };
    set('vendor', param(GL.VENDOR));
    set('renderer', param(GL.RENDERER));
    set('version', param(GL.VERSION));
    set('shadingLanguageVersion', param(GL.SHADING_LANGUAGE_VERSION));
    const debug = attemptGet(() => gl.getExtension('WEBGL_debug_renderer_info')) as { UNMASKED_VENDOR_WEBGL?: number; UNMASKED_RENDERER_WEBGL?: number } | null | undefined;
    if (debug) {
      set('unmaskedVendor', param(debug.UNMASKED_VENDOR_WEBGL ?? GL.UNMASKED_VENDOR_WEBGL));
      set('unmaskedRenderer', param(debug.UNMASKED_RENDERER_WEBGL ?? GL.UNMASKED_RENDERER_WEBGL));
    }
    for (const name of LIMITS) {
      const value = param(GL[name]);
      if (value !== undefined) info.limits[name] = value;
    }
    const extensions = attemptGet(() => gl.getSupportedExtensions?.());
    if (Array.isArray(extensions)) set('extensions', extensions.filter((e) => typeof e === 'string').sort());
    // Free the context: browsers allow only a handful at once.
    attemptGet(() => (gl.getExtension('WEBGL_lose_context') as { loseContext?: () => void } | null)?.loseContext?.());
    return info;
  } catch {
    return undefined;
  }
}

function attemptGet<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Typed arrays become plain arrays, so the value survives JSON. */
function plain(value: unknown): GlValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (ArrayBuffer.isView(value) && 'length' in value) return Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map(Number);
  return undefined;
}
