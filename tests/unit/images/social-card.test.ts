import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawSocialCard, TITLE_LINES, withWordBreaks } from '../../../src/images/social-card.js';
import { fontsFor } from '../../../src/images/social-fonts.js';
import { getLocale, type LocaleCode } from '../../../src/model/locale-table.js';
import type { SocialCard } from '../../../src/model/social-image.js';

const card = (locale: LocaleCode, title: string, label?: string): SocialCard => ({
  title, ...(label ? { label } : {}), brand: 'PolyBrowser', lang: getLocale(locale).hreflang, script: getLocale(locale).script,
});

/** The title's ink: only the title is drawn in pure white (the brand name, the label and the discs are tinted). */
async function titleInk(png: Uint8Array): Promise<{ count: number; left: number; right: number; top: number; bottom: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = { count: 0, left: Infinity, right: -1, top: Infinity, bottom: -1 };
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) continue;
      box.count++;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

/** Width and height from a PNG's header (IHDR). */
function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  return [view.getUint32(16), view.getUint32(20)];
}

// Titles of the sample site in each script (content/<locale>/…), and the section names of their messages.
const TITLES: [LocaleCode, string, string][] = [
  ['zh', '为运营大量账号的团队打造的指纹浏览器', '博客'],
  ['tc', 'Twitter（X）多帳號管理解決方案', '解決方案'],
  ['jp', 'スポーツベッティング関連業務向けソリューション', 'ソリューション'],
  ['ko', '다중 계정 팀을 위한 안티디텍트 브라우저', '블로그'],
  ['th', 'คู่มือตั้งค่าพร็อกซีสำหรับโปรไฟล์เบราว์เซอร์', 'บล็อก'],
  ['hi', 'एजेंसियों के लिए क्लाइंट अकाउंट मैनेजमेंट', 'उपयोग के मामले'],
  ['ru', 'Как импортировать куки в профиль', 'Справка'],
  ['vn', 'Thu thập dữ liệu web với hồ sơ trình duyệt', 'Giải pháp'],
  ['en', 'How to warm up new accounts', 'Blog'],
];

describe('a social image', () => {
  it.each(TITLES)('of a %s title is a 1200×630 PNG whose every character has a glyph in the fonts it loads, and whose title is drawn', async (locale, title, label) => {
    const drawn = await drawSocialCard(card(locale, title, label));
    expect(pngSize(drawn.png)).toEqual([1200, 630]);
    // satori asks for another font (loadAdditionalAsset) for any character none of the given fonts has a glyph for: none here.
    expect(drawn.uncovered).toEqual([]);
    const ink = await titleInk(drawn.png);
    // A title of a dozen characters and more covers thousands of pixels in white.
    expect(ink.count).toBeGreaterThan(3000);
  });

  it('leaves out, and reports, characters no bundled font has: nothing of them is drawn (no empty boxes)', async () => {
    // Ethiopic and an emoji: scripts the site does not use.
    const drawn = await drawSocialCard(card('en', 'ሰላም 🚀'));
    expect(drawn.uncovered.sort()).toEqual(['ሰ', 'ላ', 'ም', '🚀'].sort());
    expect((await titleInk(drawn.png)).count).toBe(0);
    const mixed = await drawSocialCard(card('en', 'Launch 🚀 day'));
    expect(mixed.uncovered).toEqual(['🚀']);
    expect((await titleInk(mixed.png)).count).toBeGreaterThan(1000);
  });

  it('loads only the font subsets its characters need, the page script\'s family first', () => {
    const zh = fontsFor('为运营大量账号 PolyBrowser…', 'hans');
    expect(zh.uncovered).toEqual([]);
    expect(zh.files.length).toBeLessThanOrEqual(6);
    expect(zh.files.every((file) => file.includes('/@fontsource/noto-sans-sc/files/') && file.endsWith('-700-normal.woff'))).toBe(true);
    // Shared ideographs take the forms of the page's language: Japanese for a Japanese page.
    expect(fontsFor('関連業務', 'japanese').files.every((file) => file.includes('noto-sans-jp'))).toBe(true);
    const en = fontsFor('How to warm up new accounts', 'latin');
    expect(en.files).toEqual([expect.stringMatching(/noto-sans\/files\/noto-sans-latin-700-normal\.woff$/)]);
    const th = fontsFor('คู่มือ Proxy', 'thai');
    expect(th.files[0]).toMatch(/noto-sans-thai-thai-700-normal\.woff$/);
  });

  it('stays inside its margins and clamps a long title to three lines with an ellipsis, in every script', async () => {
    const long: [LocaleCode, string][] = [
      ['en', `${'Supercalifragilisticexpialidocious'.repeat(3)} and a title that goes on well past three lines of the card, as titles of two hundred characters do when written by someone`],
      ['zh', '为运营大量账号的团队打造的指纹浏览器，'.repeat(6)],
      ['th', 'คู่มือตั้งค่าพร็อกซีสำหรับโปรไฟล์เบราว์เซอร์และการจัดการบัญชีจำนวนมากอย่างปลอดภัย'.repeat(3)],
      ['ko', '다중 계정 팀을 위한 안티디텍트 브라우저 '.repeat(6)],
      ['hi', 'एजेंसियों के लिए क्लाइंट अकाउंट मैनेजमेंट '.repeat(5)],
    ];
    for (const [locale, title] of long) {
      const ink = await titleInk((await drawSocialCard(card(locale, title, 'Label'))).png);
      // The card's padding is 80 px left and right, 72 px at the bottom.
      expect(ink.left, locale).toBeGreaterThanOrEqual(80);
      expect(ink.right, locale).toBeLessThan(1200 - 80);
      expect(ink.bottom, locale).toBeLessThan(630 - 72);
      // Three lines of 56 px type at a line height of 1.25, and no fourth.
      expect(ink.bottom - ink.top, locale).toBeLessThan(TITLE_LINES * 56 * 1.25 + 20);
      expect(ink.bottom - ink.top, locale).toBeGreaterThan((TITLE_LINES - 1) * 56 * 1.25);
    }
  });
});

describe('Thai line breaks', () => {
  it('are allowed at the word boundaries of the platform\'s dictionary, and only there', () => {
    const title = 'คู่มือตั้งค่าพร็อกซีสำหรับโปรไฟล์เบราว์เซอร์';
    const broken = withWordBreaks(title, 'th');
    expect(broken.replaceAll('\u200b', '')).toBe(title);
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(title)].map((s) => s.segment);
    expect(words.length).toBeGreaterThan(3);
    expect(broken.split('\u200b')).toEqual(words);
  });

  it('leave text in other scripts as it is, and do not double a space', () => {
    expect(withWordBreaks('How to warm up', 'en')).toBe('How to warm up');
    expect(withWordBreaks('为运营大量账号', 'zh-CN')).toBe('为运营大量账号');
    expect(withWordBreaks('เบราว์เซอร์ Antidetect สำหรับทีม', 'th')).not.toMatch(/ \u200b|\u200b /);
  });
});
