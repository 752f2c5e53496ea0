import { describe, expect, it } from 'vitest';
import type { CheckCode } from '../../../src/errors/catalogue.js';
import type { Finding } from '../../../src/check/finding.js';
import { checkHreflang, invalidTag } from '../../../src/check/hreflang-checks.js';
import { CLUSTER, EN, MAIN, ORIGIN, VI, checkInput, cleanFiles, pageHtml, urlset, type Cluster } from './sitemap-fixture.js';

const URLSET = `${MAIN}/en-US-sitemap.xml`;
const EN_PAGE = `${MAIN}/pricing.html`;
const VI_PAGE = `${MAIN}/vn/pricing.html`;

/**
 * The clean site with the clusters of the two pages (in their heads, and by default the same in
 * their sitemap entries) replaced.
 */
function check(options: { en?: Cluster; vi?: Cluster; enSitemap?: Cluster; viSitemap?: Cluster; viLang?: string; files?: Record<string, string> }): Finding[] {
  const en = options.en ?? CLUSTER;
  const vi = options.vi ?? CLUSTER;
  return checkHreflang(checkInput({
    ...cleanFiles(),
    [EN_PAGE]: pageHtml('en', EN, en),
    [VI_PAGE]: pageHtml(options.viLang ?? 'vi', VI, vi),
    [URLSET]: urlset([{ loc: EN, cluster: options.enSitemap ?? en }, { loc: VI, cluster: options.viSitemap ?? vi }]),
    ...options.files,
  }));
}

const error = (code: CheckCode, file: string, line: number, column: number, message: string): Finding => ({ code, severity: 'error', file, line, column, message });

describe('checkHreflang', () => {
  it('finds nothing in a clean site (and ignores links in the body)', () => {
    expect(check({})).toEqual([]);
  });

  it('hreflang-invalid-tag: reports a URL code used as a tag, in pages and sitemaps', () => {
    const vn: Cluster = [['en', EN], ['vn', VI], ['x-default', EN]];
    const message = 'hreflang "vn" is a URL code of the locale table, not a language tag: write "vi"';
    expect(check({ en: vn, vi: vn, viLang: 'vn' })).toEqual([
      error('CHECK_HREFLANG_INVALID_TAG', URLSET, 7, 5, message),
      error('CHECK_HREFLANG_INVALID_TAG', URLSET, 14, 5, message),
      error('CHECK_HREFLANG_INVALID_TAG', EN_PAGE, 8, 1, message),
      error('CHECK_HREFLANG_INVALID_TAG', VI_PAGE, 8, 1, message),
    ]);
  });

  it('knows which tags are valid: BCP 47, x-default, and only those of the locale table', () => {
    expect(invalidTag('vi')).toBeUndefined();
    expect(invalidTag('zh-TW')).toBeUndefined();
    expect(invalidTag('x-default')).toBeUndefined();
    expect(invalidTag('jp')).toBe('hreflang "jp" is a URL code of the locale table, not a language tag: write "ja"');
    expect(invalidTag('tc')).toBe('hreflang "tc" is a URL code of the locale table, not a language tag: write "zh-TW"');
    expect(invalidTag('en_US')).toBe('hreflang "en_US" is not a valid BCP 47 language tag or x-default');
    expect(invalidTag('zh-cn')).toBe('hreflang "zh-cn" is not written as in the locale table: write "zh-CN"');
    expect(invalidTag('zh')).toMatch(/^hreflang "zh" is not a tag of the locale table \(en, zh-CN, .*, x-default\): did you mean "zh-CN" or "zh-TW"\?$/);
    expect(invalidTag('de-DE')).toMatch(/^hreflang "de-DE" is not a tag of the locale table \(en, .*, x-default\)$/);
  });

  describe('hreflang-self', () => {
    it('reports a cluster without the page itself', () => {
      const withoutSelf: Cluster = [['en', EN], ['x-default', EN]];
      expect(check({ vi: withoutSelf })).toEqual([
        error('CHECK_HREFLANG_SELF', VI_PAGE, 7, 1, `the hreflang cluster does not include the page itself: add hreflang="vi" href="${VI}"`),
      ]);
    });

    it('reports a page listed under another tag than its <html lang>', () => {
      expect(check({ viLang: 'es' })).toEqual([error('CHECK_HREFLANG_SELF', VI_PAGE, 8, 1, 'the page lists itself as hreflang="vi" but its <html lang> is "es"')]);
    });
  });

  it('hreflang-x-default: reports a cluster without x-default', () => {
    const noDefault: Cluster = [['en', EN], ['vi', VI]];
    expect(check({ en: noDefault, vi: noDefault })).toEqual([
      error('CHECK_HREFLANG_X_DEFAULT', EN_PAGE, 7, 1, 'the hreflang cluster has no x-default'),
      error('CHECK_HREFLANG_X_DEFAULT', VI_PAGE, 7, 1, 'the hreflang cluster has no x-default'),
    ]);
  });

  it('hreflang-not-reciprocal: reports a link the target does not return', () => {
    expect(check({ vi: [['vi', VI], ['x-default', EN]] })).toEqual([
      error('CHECK_HREFLANG_NOT_RECIPROCAL', EN_PAGE, 8, 1, `${VI} (hreflang="vi") does not link back with hreflang="en" href="${EN}": its cluster does not include this page`),
    ]);
  });

  describe('hreflang-target', () => {
    it('reports a target that is not an emitted page, in the page and its sitemap entry', () => {
      const message = `hreflang="es" target ${ORIGIN}/es/pricing is not an emitted page`;
      expect(check({ en: [['en', EN], ['vi', VI], ['es', `${ORIGIN}/es/pricing`], ['x-default', EN]] })).toEqual([
        error('CHECK_HREFLANG_TARGET', URLSET, 8, 5, message),
        error('CHECK_HREFLANG_TARGET', EN_PAGE, 9, 1, message),
      ]);
    });

    it('reports a target whose canonical is another URL', () => {
      const canonicalElsewhere = pageHtml('vi', VI).replace(`<link rel="canonical" href="${VI}">`, `<link rel="canonical" href="${EN}">`);
      const message = `hreflang="vi" target ${VI} has its canonical elsewhere (${EN}): link only indexable pages`;
      expect(check({ files: { [VI_PAGE]: canonicalElsewhere } })).toEqual([
        error('CHECK_HREFLANG_TARGET', URLSET, 7, 5, message),
        error('CHECK_HREFLANG_TARGET', URLSET, 14, 5, message),
        error('CHECK_HREFLANG_TARGET', EN_PAGE, 8, 1, message),
        error('CHECK_HREFLANG_TARGET', VI_PAGE, 8, 1, message),
      ]);
    });
  });

  describe('hreflang-sitemap-mismatch', () => {
    it('reports a sitemap entry that lacks part of the page cluster, at its <loc>', () => {
      expect(check({ viSitemap: [['en', EN], ['vi', VI]] })).toEqual([
        error('CHECK_HREFLANG_SITEMAP_MISMATCH', URLSET, 11, 5, `the sitemap's hreflang cluster of ${VI} differs from the one in ${VI_PAGE}: missing hreflang="x-default" ${EN}`),
      ]);
    });

    it('reports a sitemap entry with links the page does not have, at the first of them', () => {
      expect(check({ viSitemap: [['en', EN], ['vi', VI], ['fr', EN], ['x-default', EN]] })).toEqual([
        error('CHECK_HREFLANG_SITEMAP_MISMATCH', URLSET, 15, 5, `the sitemap's hreflang cluster of ${VI} differs from the one in ${VI_PAGE}: not in the page: hreflang="fr" ${EN}`),
      ]);
    });
  });
});
