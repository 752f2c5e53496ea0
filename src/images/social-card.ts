import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { setImmediate } from 'node:timers/promises';
import { runInNewContext } from 'node:vm';
import type { ReactNode } from 'react';
import { sitegenRoot } from '../fs/sitegen-root.js';
import { SOCIAL_IMAGE, type DrawnCard, type SocialCard } from '../model/social-image.js';
import { FONT_WEIGHT, fontsFor, fontVersions, packageVersion } from './social-fonts.js';

/**
 * A page's social image (Open Graph, X), drawn from its card: satori lays the card out and turns
 * its text into paths with the Noto Sans subsets the text needs (social-fonts.ts), and resvg
 * rasterises that SVG to a 1200×630 PNG. The picture: the site's mark and name at the top, the
 * section's name in a pill, the title in white on the brand's deep indigo (three lines at most,
 * cut with an ellipsis), and two discs of the brand's colours. Flat colours: a gradient over the
 * whole card doubled the time resvg took.
 */

/** The brand's colours (templates/styles/tokens.css: --c-primary and its darker shades). */
const COLOURS = { background: '#1e1b4b', disc: '#272463', ring: '#4338ca', title: '#ffffff', label: '#c7d2fe', pill: '#312e81', brand: '#e0e7ff' };

/** The site's mark (content/public/favicon.svg's shapes) in the card's light indigo. */
const MARK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${COLOURS.label}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="3" width="8" height="8" rx="2"/><rect x="13" y="3" width="8" height="8" rx="2"/><rect x="3" y="13" width="8" height="8" rx="2"/><circle cx="17" cy="17" r="4"/></svg>`,
).toString('base64')}`;

/** Lines of title at most: a longer title ends in an ellipsis. */
export const TITLE_LINES = 3;

/** Scripts written without spaces between words that satori cannot break by itself (it breaks CJK per character). */
const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * The title with a zero-width space at each word boundary inside Thai (and Lao, Khmer, Burmese)
 * text, found by the platform's dictionary segmenter: satori breaks lines at those, and only there,
 * as a browser would.
 */
export function withWordBreaks(text: string, lang: string): string {
  if (!UNSPACED.test(text)) return text;
  const segments = [...new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  return segments.reduce((joined, segment) => {
    const before = joined.at(-1);
    return before && UNSPACED.test(before) && UNSPACED.test(segment[0]!) ? `${joined}${ZERO_WIDTH_SPACE}${segment}` : `${joined}${segment}`;
  }, '');
}

/** Title size by its length in Latin-letter widths (a CJK character counts two): a short title is drawn larger. */
function titleSize(title: string): number {
  const width = [...title].reduce((sum, char) => sum + (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(char) ? 2 : 1), 0);
  return width <= 36 ? 76 : width <= 72 ? 64 : 56;
}

type Style = Record<string, string | number>;
interface Node { type: string; props: { style?: Style; children?: (Node | string)[] | Node | string; src?: string; width?: number; height?: number } }

const node = (type: string, style: Style, ...children: (Node | string)[]): Node => ({ type, props: { style, children } });

/** The card as satori's element tree (plain objects: no React in the worker). */
export function cardTree(card: SocialCard): Node {
  const size = titleSize(card.title);
  return node('div', { width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', padding: '64px 80px 72px', background: COLOURS.background, position: 'relative' },
    node('div', { position: 'absolute', right: -140, bottom: -220, width: 560, height: 560, borderRadius: '50%', background: COLOURS.disc }),
    node('div', { position: 'absolute', right: 120, top: -90, width: 220, height: 220, borderRadius: '50%', border: `18px solid ${COLOURS.ring}` }),
    // Positioned too, so the text is painted over the discs (positioned boxes paint above the others).
    node('div', { position: 'relative', display: 'flex', alignItems: 'center' },
      { type: 'img', props: { src: MARK, width: 56, height: 56 } },
      node('div', { marginLeft: 18, fontSize: 38, color: COLOURS.brand }, card.brand)),
    node('div', { position: 'relative', display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' },
      ...(card.label ? [node('div', { display: 'flex', alignSelf: 'flex-start', marginBottom: 24, padding: '6px 22px', borderRadius: 30, background: COLOURS.pill, color: COLOURS.label, fontSize: 28 }, card.label)] : []),
      node('div', {
        display: 'block', lineClamp: TITLE_LINES, maxWidth: 1040, fontSize: size, lineHeight: 1.25, color: COLOURS.title,
        // A word longer than the line breaks rather than runs off the card; Korean keeps its words whole, as its readers expect.
        overflowWrap: 'anywhere', wordBreak: card.lang === 'ko' ? 'keep-all' : 'normal',
      }, withWordBreaks(card.title, card.lang))));
}

type Satori = typeof import('satori').default;
type ResvgClass = typeof import('@resvg/resvg-js').Resvg;

// Loaded on first use: the worker threads also render Markdown, which needs neither.
let engines: Promise<{ satori: Satori; Resvg: ResvgClass }> | undefined;
const loadEngines = () => (engines ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then(([s, r]) => ({ satori: s.default, Resvg: r.Resvg })));

/** Font files read once per thread: satori keeps a parsed font per buffer, so the same buffer is parsed once. */
const fontData = new Map<string, Buffer>();
const fontOf = (file: string) => {
  let data = fontData.get(file);
  if (!data) fontData.set(file, (data = readFileSync(file)));
  return data;
};

/**
 * Draws one card: its PNG, and the characters no bundled font holds. Those are left out of the
 * picture (an emoji would be an empty box), and the build warns about them.
 */
export async function drawSocialCard(card: SocialCard): Promise<DrawnCard> {
  const { satori, Resvg } = await loadEngines();
  const { files, uncovered } = fontsFor(`${card.title}${card.label ?? ''}${card.brand}…`, card.script);
  const drawable = withoutCharacters(card, new Set(uncovered));
  const svg = await satori(cardTree(drawable) as unknown as ReactNode, {
    width: SOCIAL_IMAGE.width,
    height: SOCIAL_IMAGE.height,
    // Each subset a font of its own name: satori tries them in this order for every character.
    fonts: files.map((file) => ({ name: file, data: fontOf(file), weight: FONT_WEIGHT, style: 'normal' as const })),
    // Asked for text whose characters a subset's range claims but whose font has no glyph: left out, and reported.
    loadAdditionalAsset: async (_language, segment) => {
      uncovered.push(segment);
      return [];
    },
  });
  // The text is paths already: resvg needs no fonts, and looking up the system's cost 30 ms a card.
  // (Encoding the pixels with sharp instead saved 1–2 ms of the 28 a card takes, for PNGs a third larger.)
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
  await releaseRasters();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), uncovered: [...new Set(uncovered)] };
}

/**
 * resvg-js 2.6 does not tell V8 about the 3 MB of pixels each render holds outside the heap
 * (thx/resvg-js#216; later releases report it, #393): V8 feels no pressure, never collects the
 * small wrappers that free them, and a thread drawing the sample site's 1 126 cards grew to 2 GB.
 * So every RASTERS_PER_COLLECTION cards the thread asks for a full collection (a few ms) and lets
 * the wrappers' finalizers, which free the pixels, run.
 */
const RASTERS_PER_COLLECTION = 16;
let rasters = 0;
let collect: (() => void) | undefined;

async function releaseRasters(): Promise<void> {
  if (++rasters % RASTERS_PER_COLLECTION) return;
  if (!collect) {
    // The documented way to reach V8's collector without starting node with --expose-gc.
    v8.setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  // Node runs the finalizers of collected native objects on the next turn of the event loop.
  await setImmediate();
}

function withoutCharacters(card: SocialCard, missing: ReadonlySet<string>): SocialCard {
  if (!missing.size) return card;
  const strip = (text: string) => [...text].filter((char) => !missing.has(char)).join('').replace(/\s{2,}/g, ' ').trim();
  return { ...card, title: strip(card.title), label: card.label && strip(card.label), brand: strip(card.brand) };
}

/**
 * What the drawing depends on besides the card: this code, the font packages' and the engines'
 * (satori, resvg) versions. Part of every image's name, so a new drawing is a new file everywhere it is cached.
 */
export function drawingVersion(): string {
  if (version) return version;
  const code = ['src/images/social-card.ts', 'src/images/social-fonts.ts'].map((file) => readFileSync(join(sitegenRoot(), file), 'utf8'));
  const engines = Object.fromEntries(['satori', '@resvg/resvg-js'].map((name) => [name, packageVersion(name)]));
  return (version = createHash('sha256').update(JSON.stringify({ code, fonts: fontVersions(), engines })).digest('hex').slice(0, 16));
}

let version: string | undefined;
