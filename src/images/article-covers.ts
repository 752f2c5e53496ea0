import { createHash } from 'node:crypto';
import { takesCover, type Section } from '../model/collections.js';
import type { ImageFact } from '../model/images.js';
import { getLocale } from '../model/locale-table.js';
import type { DrawnFile, Entry, ValidSite } from '../model/site.js';
import type { OutputBytes } from '../model/output-file.js';

/**
 * Covers for the articles that have none (blog, news and guides: the sections whose front matter
 * takes `cover`). Each is an SVG drawn from the article's title and section alone, so it is the
 * same in every build and on every machine, and two articles get two different pictures:
 *
 * - the section picks the palette and the icon in the badge (a post, a news item, a guide);
 * - a SHA-256 of section and title seeds everything else: the shade and direction of the
 *   gradient, which of four patterns lies over it and where, and the place of the card;
 * - the card's bars have the shape of the title: one bar per word, as long as the word
 *   (ideographic titles, which have no spaces, count every four characters as a word).
 *
 * No word is drawn, so a cover is right in every language and nothing of the title can inject
 * markup into it. The file is named after the page's id and a digest of its bytes, under /assets
 * (served as immutable): a new title or a new drawing is a new file. It is served by the host of
 * its article's locale only: no page of another host shows it, and a corpus of thousands of
 * articles would otherwise put each cover on every host.
 */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

interface Palette {
  /** Hue of the gradient (degrees); the seed moves it by up to ±18°. */
  hue: number;
  /** The badge icon: strokes on a 24×24 grid. */
  icon: string;
}

const PALETTES: Partial<Record<Section, Palette>> = {
  blog: { hue: 245, icon: '<path d="M6 3h9l4 4v14H6z"/><path d="M15 3v4h4M9 12h7M9 16h5"/>' },
  news: { hue: 14, icon: '<path d="M3 10v4h3l7 4V6l-7 4z"/><path d="M16.5 9a3.5 3.5 0 0 1 0 6M19 6.5a7 7 0 0 1 0 11"/>' },
  guide: { hue: 172, icon: '<circle cx="12" cy="12" r="9"/><path d="M15.5 8.5l-2 5-5 2 2-5z"/>' },
};
/** The badge's colour: the site's accents. */
const ACCENTS = ['#f59e0b', '#10b981', '#0ea5e9', '#ec4899', '#f97316', '#22c55e', '#6366f1'];
const OTHER: Palette = { hue: 265, icon: '<path d="M12 3v6M12 15v6M3 12h6M15 12h6"/>' };

/** The cover of an article with this title in this section: an SVG document. */
export function articleCoverSvg(title: string, section: Section): string {
  const seed = new Seed(`${section}\0${title}`);
  const palette = PALETTES[section] ?? OTHER;
  const hue = palette.hue + seed.int(-18, 18);
  const from = hsl(hue, 62, 30 + seed.int(0, 8));
  const to = hsl(hue + seed.int(20, 55), 70, 48 + seed.int(0, 8));
  const accent = seed.pick(ACCENTS);
  const [x1, y1, x2, y2] = seed.pick([[0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 1, 0], [0, 0, 1, 0.6]]);
  // The card sits left or right; the pattern takes the other side.
  const cardLeft = seed.int(0, 1) === 0;
  const cardX = cardLeft ? seed.int(70, 130) : seed.int(510, 570);
  const cardY = seed.int(120, 190);
  const patternX = cardLeft ? seed.int(860, 1010) : seed.int(190, 340);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>`,
    ...bubbles(seed),
    pattern(seed, patternX, seed.int(140, 490), accent),
    card(seed, cardX, cardY, title, accent, palette.icon),
    '</svg>',
  ];
  return `${parts.join('\n')}\n`;
}

/** Big soft discs anywhere on the cover. */
function bubbles(seed: Seed): string[] {
  return Array.from({ length: seed.int(2, 4) }, () =>
    `<circle cx="${seed.int(0, COVER_WIDTH)}" cy="${seed.int(0, COVER_HEIGHT)}" r="${seed.int(60, 240)}" fill="#fff" fill-opacity="${(seed.int(4, 10) / 100).toFixed(2)}"/>`);
}

/** One of four patterns around (x, y): rings, a dot grid, rising bars or a scatter of squares. */
function pattern(seed: Seed, x: number, y: number, accent: string): string {
  const kind = seed.int(0, 3);
  const shapes: string[] = [];
  if (kind === 0) {
    const count = seed.int(3, 5);
    for (let i = 1; i <= count; i++) shapes.push(`<circle cx="${x}" cy="${y}" r="${i * seed.int(34, 52)}"/>`);
    return `<g fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="${seed.int(3, 8)}">${shapes.join('')}</g><circle cx="${x}" cy="${y}" r="${seed.int(18, 32)}" fill="${accent}"/>`;
  }
  if (kind === 1) {
    const step = seed.int(34, 48);
    const [cols, rows] = [seed.int(4, 7), seed.int(3, 6)];
    for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) shapes.push(`<circle cx="${x - (cols * step) / 2 + c * step}" cy="${y - (rows * step) / 2 + r * step}" r="${seed.int(5, 10)}"/>`);
    return `<g fill="#fff" fill-opacity=".3">${shapes.join('')}</g>`;
  }
  if (kind === 2) {
    const count = seed.int(4, 7);
    for (let i = 0; i < count; i++) {
      const h = seed.int(60, 260);
      shapes.push(`<rect x="${x - count * 28 + i * 56}" y="${y + 130 - h}" width="38" height="${h}" rx="10"/>`);
    }
    return `<g fill="#fff" fill-opacity=".2">${shapes.join('')}</g><rect x="${x - count * 28 + seed.int(0, count - 1) * 56}" y="${y + 142}" width="38" height="12" rx="6" fill="${accent}"/>`;
  }
  const count = seed.int(5, 9);
  for (let i = 0; i < count; i++) {
    const size = seed.int(24, 90);
    shapes.push(`<rect x="${x + seed.int(-170, 140)}" y="${y + seed.int(-150, 120)}" width="${size}" height="${size}" rx="${Math.round(size / 4)}" transform="rotate(${seed.int(-30, 30)} ${x} ${y})"/>`);
  }
  return `<g fill="#fff" fill-opacity=".16">${shapes.join('')}</g><circle cx="${x + seed.int(-90, 90)}" cy="${y + seed.int(-90, 90)}" r="${seed.int(10, 20)}" fill="${accent}"/>`;
}

/** The white card: the section's badge and the title's words as bars. */
function card(seed: Seed, x: number, y: number, title: string, accent: string, icon: string): string {
  const [width, height] = [580, 340];
  const lines = wordBars(title, width - 96);
  const bars = lines.slice(0, 4).flatMap((line, row) => {
    let left = x + 48;
    return line.map((length) => {
      const bar = `<rect x="${left}" y="${y + 160 + row * 40}" width="${length}" height="20" rx="10" fill="${row === 0 ? '#3b4160' : '#c3c8dc'}"/>`;
      left += length + 14;
      return bar;
    });
  });
  return [
    `<rect x="${x + 16}" y="${y + 22}" width="${width}" height="${height}" rx="32" fill="#111427" fill-opacity=".18"/>`,
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="32" fill="#fff"/>`,
    `<circle cx="${x + 98}" cy="${y + 92}" r="52" fill="${accent}"/>`,
    `<g transform="translate(${x + 68} ${y + 62}) scale(2.5)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${icon}</g>`,
    `<rect x="${x + 176}" y="${y + 72}" width="${seed.int(140, 260)}" height="16" rx="8" fill="#e6e8f2"/>`,
    `<rect x="${x + 176}" y="${y + 100}" width="${seed.int(80, 160)}" height="16" rx="8" fill="#e6e8f2"/>`,
    ...bars,
  ].join('\n');
}

/** The title's words as bar lengths, laid out in lines of at most `lineWidth`. */
function wordBars(title: string, lineWidth: number): number[][] {
  const words = title.trim().split(/\s+/).flatMap((word) => {
    // A word of ideographs (or a title with no spaces at all) reads as chunks of four characters.
    const chars = [...word];
    return chars.length > 12 || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Thai}/u.test(word)
      ? Array.from({ length: Math.ceil(chars.length / 4) }, (_, i) => chars.slice(i * 4, i * 4 + 4).length * 2)
      : [chars.length];
  });
  const lines: number[][] = [[]];
  let used = 0;
  for (const letters of words) {
    const length = Math.min(lineWidth, 30 + letters * 14);
    if (used && used + length > lineWidth) {
      lines.push([]);
      used = 0;
    }
    lines[lines.length - 1]!.push(length);
    used += length + 14;
  }
  return lines;
}

/** Numbers drawn from a SHA-256 of the seed text, extended by hashing again when used up. */
class Seed {
  private bytes: Buffer;
  private at = 0;
  constructor(private readonly text: string) {
    this.bytes = createHash('sha256').update(text).digest();
  }
  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    if (this.at + 2 > this.bytes.length) {
      this.bytes = createHash('sha256').update(this.bytes).update(this.text).digest();
      this.at = 0;
    }
    const value = this.bytes.readUInt16BE(this.at);
    this.at += 2;
    return min + (value % (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
}

/** An HSL colour as #rrggbb: every SVG renderer reads hex. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[0, 8, 4].map((n) => channel(n).toString(16).padStart(2, '0')).join('')}`;
}

const encoder = new TextEncoder();

/** Where an article's generated cover is served, its bytes and their SHA-256 (its name has the first 10 digits). */
export function articleCover(entry: Pick<Entry, 'id' | 'section' | 'meta'>): { path: string; bytes: Uint8Array; digest: string } {
  const bytes = encoder.encode(articleCoverSvg(entry.meta.title, entry.section));
  const digest = createHash('sha256').update(bytes).digest('hex');
  return { path: `/assets/covers/${entry.id}-${digest.slice(0, 10)}.svg`, bytes, digest };
}

/** Where a drawn file's bytes go as soon as they are drawn: the build's staging folder, or memory. */
export type KeepDrawn = (host: DrawnFile['host'], path: string, bytes: Uint8Array, digest: string) => OutputBytes | Promise<OutputBytes>;

/**
 * The site with a cover for every article that has none: its front matter's `cover` is set to the
 * drawn file, which joins the files drawn for its host (`drawn`, with its size for the pages).
 * Articles with a cover keep theirs. `site.images` stays as it was: the page keys digest it for
 * every page (incremental/page-keys.ts), and a new title must not make every page render again.
 * Each cover's bytes go to `keep` as soon as it is drawn (a build that writes puts them in its
 * staging folder at once, and keeps only the file: emit-site.ts).
 */
export async function withArticleCovers(site: ValidSite, keep: KeepDrawn = (_host, _path, bytes) => bytes): Promise<ValidSite> {
  const drawn = new Map<string, DrawnFile>();
  const fact: ImageFact = { kind: 'vector', width: COVER_WIDTH, height: COVER_HEIGHT };
  const entries: Entry[] = [];
  for (const entry of site.entries) {
    if (entry.meta.cover !== undefined || !takesCover(entry.section)) {
      entries.push(entry);
      continue;
    }
    const { path, bytes, digest } = articleCover(entry);
    const host = getLocale(entry.locale).host;
    // Two locales of one host may share a title, and so a file: the path names its bytes.
    if (!drawn.has(`${host} ${path}`)) drawn.set(`${host} ${path}`, { host, path, bytes: await keep(host, path, bytes, digest), fact });
    // The cover is the page's first image, as a written one is (incremental/body-edits.ts keeps it first).
    entries.push({ ...entry, meta: { ...entry.meta, cover: path }, images: [{ path, place: { file: entry.file } }, ...entry.images] });
  }
  return { ...site, entries, drawn: [...(site.drawn ?? []), ...drawn.values()] };
}
