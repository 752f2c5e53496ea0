/** Canvas fingerprint: text, an emoji and shapes drawn on a small canvas; the hash of its data URL. */
import type { FingerprintEnv } from './types.js';
import { cyrb53Hex } from './hash.js';

interface Draw2D {
  textBaseline: string;
  font: string;
  fillStyle: unknown;
  globalCompositeOperation?: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  beginPath(): void;
  arc(x: number, y: number, r: number, start: number, end: number, ccw?: boolean): void;
  closePath(): void;
  fill(): void;
}

export function canvasHash(env: FingerprintEnv): string | undefined {
  try {
    const canvas = env.createCanvas?.();
    if (!canvas || typeof canvas.toDataURL !== 'function') return undefined;
    canvas.width = 240;
    canvas.height = 60;
    const ctx = canvas.getContext('2d') as Draw2D | null | undefined;
    if (!ctx || typeof ctx.fillText !== 'function') return undefined;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.font = '11pt "Times New Roman"';
    ctx.fillText('Cwm fjordbank gly \u{1F603}', 2, 15);
    ctx.fillStyle = 'rgba(102, 204, 0, 0.2)';
    ctx.font = '18pt Arial';
    ctx.fillText('Cwm fjordbank gly \u{1F603}', 4, 45);
    ctx.globalCompositeOperation = 'multiply';
    for (const [color, x, y] of [['#f2f', 40, 40], ['#2ff', 80, 40], ['#ff2', 60, 20]] as const) {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(x, y, 20, 0, Math.PI * 2, true);
      ctx.closePath();
      ctx.fill();
    }
    const url = canvas.toDataURL();
    return typeof url === 'string' && url ? cyrb53Hex(url) : undefined;
  } catch {
    return undefined;
  }
}
