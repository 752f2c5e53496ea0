import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckInput, Finding } from '../../../src/check/finding.js';
import { checkHtml } from '../../../src/check/html-checks.js';
import { decodeEntities, scanTags } from '../../../src/check/html/scan-tags.js';
import { displayWidth } from '../../../src/check/html/display-width.js';
import type { EdgeConfig } from '../../../src/model/edge-config.js';
import { LOCALES } from '../../../src/model/locale-table.js';
import { sampleSiteCheckInput } from '../../helpers/sample-site.js';

/** What sitePages reads of the edge document: the hosts' origins and the locales (for 404 pages). */
const edge = {
  origins: { main: 'https://www.polybrowser.example', zh: 'https://www.polybrowser-cn.example', ru: 'https://www.polybrowser-ru.example' },
  locales: LOCALES.map((l) => [l.code, l.host, l.prefix.replace(/^\//, '')]),
} as unknown as EdgeConfig;

const FILE = 'www.polybrowser.example/x.html';
const encoder = new TextEncoder();

function inputOf(pages: Record<string, string>): CheckInput {
  return { files: new Map(Object.entries(pages).map(([file, html]) => [file, encoder.encode(html)])), edge };
}

/**
 * A clean English page, one construct a line, so a fixture breaks a rule by replacing a line and
 * findings have known lines and columns. Title 32 characters, description 87.
 */
const CLEAN = [
  '<!DOCTYPE html>',
  '<html lang="en" dir="ltr">',
  '<head><meta charSet="utf-8"/><title>PolyBrowser test page for checks</title>',
  '<meta name="description" content="A clean page for the HTML checks: one heading, an image with alt text and a size."/></head>',
  '<body data-locale="en" data-page="test"><main id="main">',
  '<h1 id="top">A heading</h1>',
  '<p>Text and <img src="/a.png" alt="A picture" width="10" height="10"/></p>',
  '</main></body></html>',
];

/** The clean page with lines replaced (1-based line number → new text). */
function page(replace: Record<number, string> = {}): string {
  return CLEAN.map((line, i) => replace[i + 1] ?? line).join('\n');
}

async function findingsOf(html: string, file = FILE): Promise<Finding[]> {
  return checkHtml(inputOf({ [file]: html }), { validate: 'all' });
}

describe('checkHtml on fixture pages', () => {
  it('finds nothing on a clean page', async () => {
    expect(await findingsOf(page())).toEqual([]);
    expect(await checkHtml(inputOf({ [FILE]: page() }))).toEqual([]);
  });

  it('reports an html-validate message with its rule id (html-invalid)', async () => {
    const findings = await findingsOf(page({ 7: '<span>Text <p>in a span</p></span>' }));
    expect(findings).toEqual([
      { code: 'CHECK_HTML_INVALID', severity: 'error', file: FILE, line: 7, column: 13, message: '<p> element is not permitted as content under <span> (html-validate element-permitted-content)' },
    ]);
  });

  it('reports an id used twice at the second (html-duplicate-id)', async () => {
    const findings = await findingsOf(page({ 7: '<p id="top">Text</p>' }));
    expect(findings).toEqual([
      { code: 'CHECK_HTML_DUPLICATE_ID', severity: 'error', file: FILE, line: 7, column: 1, message: 'id "top" is used twice: <p> repeats the id of <h1> at 6:1' },
    ]);
  });

  it('reports a second <h1> at the second (html-h1)', async () => {
    const findings = await findingsOf(page({ 7: '<p>Text</p><h1>Another heading</h1>' }));
    expect(findings).toEqual([
      { code: 'CHECK_HTML_H1', severity: 'error', file: FILE, line: 7, column: 12, message: 'the page has 2 <h1> elements (the first at 6:1): give it exactly one' },
    ]);
  });

  it('reports a page without <h1> at <body> (html-h1), 404 pages included', async () => {
    const file = 'www.polybrowser.example/vn/404.html';
    const html = page({ 2: '<html lang="vi" dir="ltr">', 5: '<body data-locale="vn" data-page="error"><main id="main">', 6: '<h2 id="top">Không tìm thấy trang</h2>' });
    expect(await findingsOf(html, file)).toEqual([
      { code: 'CHECK_HTML_H1', severity: 'error', file, line: 5, column: 1, message: 'the page has no <h1>: give it exactly one, its main heading' },
    ]);
  });

  it.each([
    ['no lang', '<html dir="ltr">', '<html> has no lang: this page is en, lang="en"'],
    ['a lang that is no locale\'s tag', '<html lang="en-US" dir="ltr">', '<html lang="en-US"> is not the tag of any locale (en, zh-CN, ru, vi, es, pt, tr, th, fr, uk, ko, hi, ja, zh-TW)'],
    ['a URL code instead of the tag', '<html lang="vn" dir="ltr">', '<html lang="vn"> is not the tag of any locale (en, zh-CN, ru, vi, es, pt, tr, th, fr, uk, ko, hi, ja, zh-TW)'],
    ['another locale\'s tag', '<html lang="fr" dir="ltr">', '<html lang="fr"> is the tag of fr, but the page is en (<body data-locale>), whose tag is "en"'],
    ['no dir', '<html lang="en">', '<html> has no dir: en is dir="ltr"'],
    ['the wrong dir', '<html lang="en" dir="rtl">', '<html dir="rtl"> does not match en, which is dir="ltr"'],
  ])('reports <html> with %s (html-lang)', async (_, line, message) => {
    expect(await findingsOf(page({ 2: line }))).toEqual([{ code: 'CHECK_HTML_LANG', severity: 'error', file: FILE, line: 2, column: 1, message }]);
  });

  it('reports an <img> without alt (html-img-alt)', async () => {
    const findings = await findingsOf(page({ 7: '<p>Text and <img src="/a.png" width="10" height="10"/></p>' }));
    expect(findings).toEqual([
      { code: 'CHECK_HTML_IMG_ALT', severity: 'error', file: FILE, line: 7, column: 13, message: '<img src="/a.png"> has no alt: describe the image, or alt="" if it is decorative', target: 'https://www.polybrowser.example/a.png' },
    ]);
  });

  it('accepts alt="" on a decorative image, and reports an <img> without height (html-img-size)', async () => {
    const findings = await findingsOf(page({ 7: '<p>Text and <img src="/a.png" alt="" width="10"/></p>' }));
    expect(findings).toEqual([
      { code: 'CHECK_HTML_IMG_SIZE', severity: 'error', file: FILE, line: 7, column: 13, message: '<img src="/a.png"> has no height: the page shifts when it loads (give both, the image\'s intrinsic size)', target: 'https://www.polybrowser.example/a.png' },
    ]);
  });

  it('warns about a title longer than search results show (title-length)', async () => {
    const title = 'PolyBrowser test page whose title goes on far longer than any search result shows';
    const findings = await findingsOf(page({ 3: `<head><meta charSet="utf-8"/><title>${title}</title>` }));
    expect(findings).toEqual([
      { code: 'CHECK_TITLE_LENGTH', severity: 'warning', file: FILE, line: 3, column: 30, message: `<title> is 81 wide, cut off in search results, which show 10–60: "${title}"` },
    ]);
  });

  it('counts characters after decoding entities', async () => {
    // 68 characters as written, 60 read: at the limit.
    const title = 'Tom &amp; Jerry &amp; friends: a title of exactly sixty characters!!';
    expect(decodeEntities(title)).toHaveLength(60);
    expect(await findingsOf(page({ 3: `<head><meta charSet="utf-8"/><title>${title}</title>` }))).toEqual([]);
  });

  it('measures width, not characters: a CJK character is 2 wide, so a title mixing Latin and CJK is measured as search results show it', async () => {
    const zhFile = 'www.polybrowser-cn.example/x.html';
    const zhPage = (title: string) => page({
      2: '<html lang="zh-CN" dir="ltr">',
      3: `<head><meta charSet="utf-8"/><title>${title}</title>`,
      4: '<meta name="description" content="PolyBrowser 让每个账号都拥有独立的浏览器环境、指纹、代理和 Cookie，帮助团队安全地管理成百上千个账号。"/></head>',
      5: '<body data-locale="zh" data-page="test"><main id="main">',
    });
    // 43 characters, 48 wide (the sample site's zh comparison page): within 60, no finding. Counted in
    // characters against a CJK limit of 30 it used to be "cut off".
    expect(displayWidth('Dolphin Anty 替代方案：PolyBrowser | PolyBrowser')).toBe(48);
    expect(await findingsOf(zhPage('Dolphin Anty 替代方案：PolyBrowser | PolyBrowser'), zhFile)).toEqual([]);
    // 38 characters, 64 wide: cut off.
    const long = 'PolyBrowser 指纹浏览器：为管理大量账号的团队打造的多账号管理工具';
    expect(await findingsOf(zhPage(long), zhFile)).toEqual([
      { code: 'CHECK_TITLE_LENGTH', severity: 'warning', file: zhFile, line: 3, column: 30, message: `<title> is 64 wide (38 characters: a CJK character is 2 wide, a letter with its marks 1), cut off in search results, which show 10–60: "${long}"` },
    ]);
  });

  it('counts a Thai or Devanagari letter with its vowel and tone marks as one', async () => {
    // 62 code points, 52 wide: the sample site's Thai home title, no longer "cut off".
    const thai = 'PolyBrowser – เบราว์เซอร์ Antidetect สำหรับทีมที่ดูแลหลายบัญชี';
    expect([...thai]).toHaveLength(62);
    expect(displayWidth(thai)).toBe(52);
    expect(displayWidth('कि')).toBe(1);
    expect(displayWidth('ที่')).toBe(1);
    const thFile = 'www.polybrowser.example/th/x.html';
    const th = page({
      2: '<html lang="th" dir="ltr">',
      3: `<head><meta charSet="utf-8"/><title>${thai}</title>`,
      4: '<meta name="description" content="PolyBrowser แยกทุกบัญชีออนไลน์ไว้ในโปรไฟล์เบราว์เซอร์ของตัวเอง พร้อมลายนิ้วมือและพร็อกซี"/></head>',
      5: '<body data-locale="th" data-page="test"><main id="main">',
    });
    expect(await findingsOf(th, thFile)).toEqual([]);
  });

  it('does not measure the title and description of a noindex page, which search results never show', async () => {
    const html = page({
      3: '<head><meta charSet="utf-8"/><title>Icons</title><meta name="robots" content="noindex, follow"/>',
      4: '<meta name="description" content="Too short."/></head>',
    });
    expect(await findingsOf(html)).toEqual([]);
    // Missing ones are still errors: every page has a title and a description.
    expect(await findingsOf(page({ 3: '<head><meta charSet="utf-8"/><meta name="robots" content="noindex"/>' }))).toEqual([
      { code: 'CHECK_TITLE_MISSING', severity: 'error', file: FILE, line: 3, column: 1, message: 'the page has no <title>' },
    ]);
  });

  it('warns about a description shorter than search results show (description-length)', async () => {
    const findings = await findingsOf(page({ 4: '<meta name="description" content="Too short to say much."/></head>' }));
    expect(findings).toEqual([
      { code: 'CHECK_DESCRIPTION_LENGTH', severity: 'warning', file: FILE, line: 4, column: 1, message: 'the description is 22 wide, too short to describe the page: search results show 50–160: "Too short to say much."' },
    ]);
  });

  it('reports a page without <title> at <head> (title-missing)', async () => {
    const findings = await findingsOf(page({ 3: '<head><meta charSet="utf-8"/>' }));
    expect(findings).toEqual([{ code: 'CHECK_TITLE_MISSING', severity: 'error', file: FILE, line: 3, column: 1, message: 'the page has no <title>' }]);
  });

  it('reports an empty <title> (title-missing)', async () => {
    const findings = await findingsOf(page({ 3: '<head><meta charSet="utf-8"/><title> </title>' }));
    expect(findings).toEqual([{ code: 'CHECK_TITLE_MISSING', severity: 'error', file: FILE, line: 3, column: 30, message: 'the page\'s <title> is empty' }]);
  });

  it('reports a page without a description (description-missing)', async () => {
    const findings = await findingsOf(page({ 4: '</head>' }));
    expect(findings).toEqual([{ code: 'CHECK_DESCRIPTION_MISSING', severity: 'error', file: FILE, line: 3, column: 1, message: 'the page has no <meta name="description">' }]);
  });

  it('reads no tags in comments, scripts, styles and templates, nor an SVG <title> as the page title', async () => {
    const html = page({
      7: '<p>Text and <img src="/a.png" alt="A picture" width="10" height="10"/></p><!-- <h1 id="top"> <img src="/b.png"> -->'
        + '<script type="application/ld+json">{"name":"<h1 id=\\"top\\">"}</script><style>a::after{content:"<img>"}</style>'
        + '<template><h1 id="top">Later</h1></template><svg width="10" height="10" role="img" aria-label="Icon"><title>Icon</title></svg>',
    });
    expect(await findingsOf(html)).toEqual([]);
    expect(scanTags('<p a=1 B="x &amp; y" c>t</p>')).toEqual([
      { name: 'p', end: false, offset: 0, close: 23, attributes: [{ name: 'a', value: '1', offset: 3 }, { name: 'b', value: 'x & y', offset: 7 }, { name: 'c', value: '', offset: 21 }] },
      { name: 'p', end: true, offset: 24, close: 28, attributes: [] },
    ]);
  });

  it('validates one page per template and locale script by default, every page with validate: all', async () => {
    const invalid = (locale: string, lang: string, extra = '') =>
      page({ 2: `<html lang="${lang}" dir="ltr">`, 5: `<body data-locale="${locale}" data-page="test"><main id="main">`, 7: `<span><p>Text${extra}</p></span>` });
    const input = inputOf({
      'www.polybrowser.example/es/x.html': invalid('es', 'es', ' and a little more'),
      'www.polybrowser.example/fr/x.html': invalid('fr', 'fr'),
      'www.polybrowser-ru.example/x.html': invalid('ru', 'ru'),
    });
    const filesOf = (findings: Finding[]) => findings.filter((f) => f.code === 'CHECK_HTML_INVALID').map((f) => f.file);
    // es and fr share the Latin script: the larger page (es) stands for both; ru is Cyrillic.
    expect(filesOf(await checkHtml(input))).toEqual(['www.polybrowser-ru.example/x.html', 'www.polybrowser.example/es/x.html']);
    expect(filesOf(await checkHtml(input, { validate: 'all' }))).toEqual(['www.polybrowser-ru.example/x.html', 'www.polybrowser.example/es/x.html', 'www.polybrowser.example/fr/x.html']);
  });
});

describe('checkHtml on the sample site', () => {
  let input: CheckInput;

  beforeAll(async () => {
    input = await sampleSiteCheckInput();
  }, 180_000);

  it('finds nothing in any page: no error, and no warning either', async () => {
    const findings = await checkHtml(input);
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code} ${f.message}`)).toEqual([]);
  }, 120_000);
});
