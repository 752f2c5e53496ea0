import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { attempt } from '../fs/attempt.js';
import { sitegenRoot } from '../fs/sitegen-root.js';
import type { WritingScript } from '../model/locale-table.js';

/**
 * The fonts social images are drawn with: Noto Sans from npm (@fontsource), never fetched. Each
 * package splits its font into subsets by unicode-range (a Chinese font is a hundred files of
 * 50 kB); a card loads only the subsets whose ranges hold its characters, in the one weight it
 * draws, so a build parses a few font files per card and not hundreds. The packages resolve from
 * sitegen's own install (sitegenRoot), as React does for the client bundle, not from the site's.
 */
export const FONT_WEIGHT = 700;

/** The family each script is drawn in first; the other families only fill in characters it lacks. */
const FAMILY: Record<WritingScript, string> = {
  latin: '@fontsource/noto-sans',
  cyrillic: '@fontsource/noto-sans',
  hans: '@fontsource/noto-sans-sc',
  hant: '@fontsource/noto-sans-tc',
  japanese: '@fontsource/noto-sans-jp',
  hangul: '@fontsource/noto-sans-kr',
  thai: '@fontsource/noto-sans-thai',
  devanagari: '@fontsource/noto-sans-devanagari',
};

/** After the script's own family: Latin, Cyrillic, Greek and Vietnamese, then the others (Han as Simplified Chinese first). */
const FALLBACK_ORDER = ['@fontsource/noto-sans', '@fontsource/noto-sans-sc', '@fontsource/noto-sans-tc', '@fontsource/noto-sans-jp', '@fontsource/noto-sans-kr', '@fontsource/noto-sans-thai', '@fontsource/noto-sans-devanagari'];

/** One subset file of a family and the code points it holds, from the package's CSS. */
interface Face {
  /** Absolute path of the .woff file (satori reads WOFF, not WOFF2). */
  file: string;
  ranges: [number, number][];
}

/** A family's ranges sorted by their first code point, each with its file: found by binary search. */
interface Family {
  /** Files in the order of the stylesheet. */
  files: string[];
  starts: number[];
  ends: number[];
  fileOf: string[];
}

/** A package's folder in sitegen's install. */
function packageDir(name: string): string {
  return dirname(createRequire(join(sitegenRoot(), 'package.json')).resolve(`${name}/package.json`));
}

/**
 * The installed version of a package of sitegen's install, also of one whose `exports` hide its
 * package.json (sharp): found above its main module.
 */
export function packageVersion(name: string): string {
  const require = createRequire(join(sitegenRoot(), 'package.json'));
  for (let dir = dirname(require.resolve(name)); ; dir = dirname(dir)) {
    const manifest = attempt(() => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string });
    if (manifest?.name === name && manifest.version) return manifest.version;
    if (dirname(dir) === dir) throw new Error(`the version of ${name} was not found above ${require.resolve(name)}`);
  }
}

const families = new Map<string, Family>();

/** The subsets of one family in FONT_WEIGHT, read from its `<weight>.css` once per process. */
function familyOf(name: string): Family {
  let family = families.get(name);
  if (!family) {
    const dir = packageDir(name);
    const list = parseFaces(readFileSync(join(dir, `${FONT_WEIGHT}.css`), 'utf8'), dir);
    const ranges = list.flatMap((face) => face.ranges.map(([from, to]) => ({ from, to, file: face.file }))).sort((a, b) => a.from - b.from);
    families.set(name, (family = { files: list.map((f) => f.file), starts: ranges.map((r) => r.from), ends: ranges.map((r) => r.to), fileOf: ranges.map((r) => r.file) }));
  }
  return family;
}

/** The family's file that holds this code point, if any. */
function fileFor(family: Family, code: number): string | undefined {
  let low = 0;
  let high = family.starts.length - 1;
  // The last range starting at or before the code point (ranges of one stylesheet do not overlap).
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (family.starts[mid]! <= code) low = mid + 1;
    else high = mid - 1;
  }
  return high >= 0 && family.ends[high]! >= code ? family.fileOf[high] : undefined;
}

/** The @font-face rules of a @fontsource stylesheet: each WOFF file and its unicode-range. */
export function parseFaces(css: string, dir: string): Face[] {
  const list: Face[] = [];
  for (const [, rule] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(rule!)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(rule!)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    });
    list.push({ file: join(dir, file), ranges });
  }
  return list;
}

/** Characters nothing draws (spaces, the zero-width space of Thai word breaks): they need no font. */
const INVISIBLE = /[\s\u200b\u200c\u200d\ufeff]/u;

/**
 * The font files that draw `text` in `script`, in the order satori should try them: for each
 * character, the first subset of the script's family that holds it, else of the fallback families.
 * `uncovered` lists the characters no family holds (emoji, scripts the site does not use).
 */
export function fontsFor(text: string, script: WritingScript): { files: string[]; uncovered: string[] } {
  const { order, rank } = searchOrder(script);
  const files = new Set<string>();
  const uncovered: string[] = [];
  for (const char of new Set(text)) {
    if (INVISIBLE.test(char)) continue;
    const code = char.codePointAt(0)!;
    let file: string | undefined;
    for (const family of order) if ((file = fileFor(family, code))) break;
    if (file) files.add(file);
    else uncovered.push(char);
  }
  return { files: [...files].sort((a, b) => rank.get(a)! - rank.get(b)!), uncovered };
}

const searchOrders = new Map<WritingScript, { order: Family[]; rank: Map<string, number> }>();

/**
 * The families a script's characters are looked up in, and each of their files' rank, made once per
 * script and process: every card of a build asks (22 000 at 1000 articles, cached images included,
 * for the glyph warning), and the ranks of the CJK families' hundreds of subsets took 1.2 s of them.
 */
function searchOrder(script: WritingScript): { order: Family[]; rank: Map<string, number> } {
  let found = searchOrders.get(script);
  if (!found) {
    const order = [FAMILY[script], ...FALLBACK_ORDER.filter((f) => f !== FAMILY[script])].map(familyOf);
    // The script's family first, so that satori, which takes the first font holding a character,
    // draws shared characters (Latin in a Chinese title) in the script's forms.
    const rank = new Map(order.flatMap((family) => family.files).map((file, i) => [file, i] as const));
    searchOrders.set(script, (found = { order, rank }));
  }
  return found;
}

/** The versions of the font packages: a new version may draw differently, so it is a new image. */
export function fontVersions(): Record<string, string> {
  return Object.fromEntries(FALLBACK_ORDER.map((family) => [family, packageVersion(family)]));
}
