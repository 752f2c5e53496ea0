/**
 * How wide a text is in search results, in units of one Latin letter: what title and description
 * limits are measured in. Counting characters gets two kinds of text wrong, so this counts what a
 * reader sees:
 * - a user-perceived character (grapheme cluster) is one unit, so a Thai consonant with its vowel and
 *   tone marks (ที่) or a Devanagari consonant with its vowel sign (कि) counts once, as it is drawn;
 * - a wide or fullwidth character (Chinese, Japanese, Korean, fullwidth punctuation, emoji) is two
 *   units, about the width of two Latin letters, so a title mixing "PolyBrowser" with Chinese is
 *   measured as it shows, which no per-locale character limit can do.
 */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += isWide(segment.codePointAt(0)!) ? 2 : 1;
  return width;
}

/** East Asian Wide and Fullwidth ranges (Unicode UAX #11) that text in the site's languages uses, and emoji. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo initial consonants
  [0x2e80, 0x303e], // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed and compatibility
  [0x3400, 0x4dbf], // CJK Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo Extended-A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x1f300, 0x1f64f], // pictographs, emoticons
  [0x1f900, 0x1f9ff], // supplemental symbols and pictographs
  [0x20000, 0x3fffd], // CJK Extensions B and later
];

function isWide(codePoint: number): boolean {
  if (codePoint < 0x1100) return false;
  for (const [from, to] of WIDE_RANGES) if (codePoint >= from && codePoint <= to) return true;
  return false;
}
