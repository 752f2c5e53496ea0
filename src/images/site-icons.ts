import { createHash } from 'node:crypto';
import { renderAsync } from '@resvg/resvg-js';
import { toBase64 } from '../format/base64.js';
import type { Assets } from '../model/page-props.js';
import { FAVICON_ICO, PNG_ICONS, type PngIcon } from '../model/product-files.js';

/** A drawn icon file, at the path every host serves it at. */
export interface IconFile {
  path: string;
  contents: Uint8Array;
}

export type DrawnIcons = { ok: true; files: IconFile[] } | { ok: false; reason: string };

/**
 * The icons browsers and phones ask for, drawn from the site's SVG icon with resvg (in libuv's
 * threads, while the pages render): the PNGs of PNG_ICONS, opaque ones on the site's background
 * colour, and favicon.ico holding 16, 32 and 48 px PNGs. ~50 ms for all; a process keeps the last
 * few sets by the digest of what they are drawn from (a dev session or a test run draws them once).
 */
export function drawSiteIcons(svg: Uint8Array, colours: Assets['colours']): Promise<DrawnIcons> {
  const key = createHash('sha256').update(svg).update(`\0${colours.background}\0${ICON_LAYOUT}`).digest('hex');
  let drawn = recent.get(key);
  if (!drawn) {
    drawn = draw(svg, colours.background);
    recent.set(key, drawn);
    if (recent.size > KEPT) recent.delete(recent.keys().next().value!);
  }
  return drawn;
}

/** What else decides the pixels: a change of sizes or padding draws again. */
const ICON_LAYOUT = JSON.stringify([PNG_ICONS, FAVICON_ICO]);
const KEPT = 4;
const recent = new Map<string, Promise<DrawnIcons>>();

async function draw(svg: Uint8Array, background: string): Promise<DrawnIcons> {
  const source = `data:image/svg+xml;base64,${toBase64(svg)}`;
  try {
    const pngs = await Promise.all(Object.values(PNG_ICONS).map(async (icon) => ({ path: icon.path, contents: await png(source, icon, background) })));
    const ico = await Promise.all(FAVICON_ICO.sizes.map((size) => png(source, { path: '', size, opaque: false, padding: 0 }, background)));
    return { ok: true, files: [...pngs, { path: FAVICON_ICO.path, contents: icoFile(ico, FAVICON_ICO.sizes) }] };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/** The icon placed on a square canvas (the source keeps its aspect ratio), padded, on the background when opaque. */
async function png(source: string, icon: PngIcon, background: string): Promise<Uint8Array> {
  const { size } = icon;
  const inset = Math.round(size * icon.padding);
  const canvas = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    icon.opaque ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '',
    `<image x="${inset}" y="${inset}" width="${size - 2 * inset}" height="${size - 2 * inset}" href="${source}"/>`,
    '</svg>',
  ].join('');
  // No text is drawn: loading the system's fonts would only cost time (most of a second).
  const image = await renderAsync(canvas, { font: { loadSystemFonts: false } });
  if (image.width !== size || image.height !== size) throw new Error(`drew ${image.width}×${image.height} instead of ${size}×${size}`);
  // resvg draws an <image> it cannot read as nothing: an icon with no pixel set is a source that did not draw.
  if (isBlank(image.pixels)) throw new Error('it draws nothing (not an SVG resvg can read, or an empty drawing)');
  return new Uint8Array(image.asPng());
}

/** Every pixel (RGBA) the same: a transparent or plain canvas with nothing drawn on it. */
function isBlank(pixels: Uint8Array): boolean {
  for (let i = 4; i < pixels.length; i++) if (pixels[i] !== pixels[i % 4]) return false;
  return true;
}

/** An ICO file holding PNG images (as Windows Vista and every browser since read them). */
function icoFile(pngs: Uint8Array[], sizes: readonly number[]): Uint8Array {
  const header = 6;
  const entry = 16;
  let offset = header + entry * pngs.length;
  const out = new Uint8Array(offset + pngs.reduce((sum, p) => sum + p.byteLength, 0));
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, pngs.length, true);
  pngs.forEach((bytes, i) => {
    const at = header + entry * i;
    const size = sizes[i]!;
    view.setUint8(at, size >= 256 ? 0 : size);
    view.setUint8(at + 1, size >= 256 ? 0 : size);
    view.setUint16(at + 4, 1, true); // colour planes
    view.setUint16(at + 6, 32, true); // bits per pixel
    view.setUint32(at + 8, bytes.byteLength, true);
    view.setUint32(at + 12, offset, true);
    out.set(bytes, offset);
    offset += bytes.byteLength;
  });
  return out;
}
