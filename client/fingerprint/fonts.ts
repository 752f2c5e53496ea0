/**
 * Installed fonts among a fixed list: a font is present when text set in it (falling back to a
 * generic family) measures differently from the generic family alone, for any of the three.
 */
import type { CanvasLike, FingerprintEnv } from './types.js';

export const FONT_LIST = [
  'Arial',
  'Arial Black',
  'Calibri',
  'Cambria',
  'Comic Sans MS',
  'Consolas',
  'Courier New',
  'Georgia',
  'Helvetica',
  'Helvetica Neue',
  'Impact',
  'Lucida Console',
  'Menlo',
  'Microsoft YaHei',
  'Noto Sans',
  'PingFang SC',
  'Roboto',
  'Segoe UI',
  'SimSun',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Ubuntu',
  'Verdana',
] as const;

export const FONT_BASELINES = ['monospace', 'serif', 'sans-serif'] as const;
const SAMPLE = 'mmmmmmmmmmlli WwQq@#10 漢字';
const SIZE = '72px';

interface MeasureContext {
  font: string;
  measureText(text: string): { width: number };
}

export function detectFonts(env: FingerprintEnv, fonts: readonly string[] = FONT_LIST): string[] | undefined {
  try {
    const canvas: CanvasLike | null | undefined = env.createCanvas?.();
    if (!canvas) return undefined;
    const ctx = canvas.getContext('2d') as MeasureContext | null | undefined;
    if (!ctx || typeof ctx.measureText !== 'function') return undefined;
    const width = (font: string): number => {
      ctx.font = font;
      return ctx.measureText(SAMPLE).width;
    };
    const base = FONT_BASELINES.map((generic) => width(`${SIZE} ${generic}`));
    return fonts.filter((font) => FONT_BASELINES.some((generic, i) => width(`${SIZE} "${font}", ${generic}`) !== base[i]));
  } catch {
    return undefined;
  }
}
