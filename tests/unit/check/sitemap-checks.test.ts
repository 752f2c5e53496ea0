import { describe, expect, it } from 'vitest';
import type { CheckCode } from '../../../src/errors/catalogue.js';
import type { CheckInput, Finding } from '../../../src/check/finding.js';
import { checkHreflang } from '../../../src/check/hreflang-checks.js';
import { checkSitemaps, robotsPattern } from '../../../src/check/sitemap-checks.js';
import type { EdgeConfig } from '../../../src/model/edge-config.js';
import { checkInputOf, sampleSite } from '../../helpers/sample-site.js';
import { CLUSTER, EDGE, EN, MAIN, ORIGIN, VI, checkInput, cleanFiles, robots, sitemapIndex, urlset } from './sitemap-fixture.js';

const URLSET = `${MAIN}/en-US-sitemap.xml`;
const INDEX = `${MAIN}/index-sitemap.xml`;
const ROBOTS = `${MAIN}/robots.txt`;

/** The clean site with some files replaced. */
async function check(changes: Record<string, string | undefined>, edge?: Partial<EdgeConfig>): Promise<Finding[]> {
  const files = { ...cleanFiles(), ...changes };
  for (const [path, text] of Object.entries(files)) if (text === undefined) delete files[path];
  const input = checkInput(files as Record<string, string>);
  return checkSitemaps(edge ? { ...input, edge: { ...EDGE, ...edge } as EdgeConfig } : input);
}

const error = (code: CheckCode, file: string, line: number | undefined, column: number | undefined, message: string): Finding =>
  ({ code, severity: 'error', file, ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }), message });

describe('checkSitemaps', () => {
  it('finds nothing in a clean site', async () => {
    expect(await check({})).toEqual([]);
  });

  describe('sitemap-invalid', () => {
    it('reports a urlset that the sitemaps.org schema rejects, at the element xmllint names', async () => {
      const findings = await check({ [URLSET]: urlset([{ loc: EN, cluster: CLUSTER }, { loc: VI, cluster: CLUSTER, lastmod: 'yesterday' }]) });
      expect(findings).toEqual([error('CHECK_SITEMAP_INVALID', URLSET, 12, 5, "Element 'lastmod': 'yesterday' is not a valid value of the union type 'tLastmod'.")]);
    });

    it('reports an xhtml:link the link schema rejects, at its attribute', async () => {
      const xml = urlset([{ loc: EN, cluster: CLUSTER }, { loc: VI, cluster: CLUSTER }]).replace('<xhtml:link rel="alternate"', '<xhtml:link rel="next"');
      expect(await check({ [URLSET]: xml })).toEqual([
        error('CHECK_SITEMAP_INVALID', URLSET, 6, 17, "Element 'xhtml:link', attribute 'rel': [facet 'enumeration'] The value 'next' is not an element of the set {'alternate'}."),
      ]);
    });

    it('reports a sitemap index that is not well-formed, at the line and column xmllint reports', async () => {
      const xml = sitemapIndex([`${ORIGIN}/en-US-sitemap.xml`]).replace('</sitemap>', '</sitemapx>');
      expect(await check({ [INDEX]: xml })).toEqual([error('CHECK_SITEMAP_INVALID', INDEX, 5, 14, 'not well-formed XML: Opening and ending tag mismatch: sitemap line 3 and sitemapx')]);
    });
  });

  it('sitemap-missing-page: reports an indexable page no sitemap lists, at its canonical link', async () => {
    expect(await check({ [URLSET]: urlset([{ loc: EN, cluster: CLUSTER }]) })).toEqual([
      error('CHECK_SITEMAP_MISSING_PAGE', `${MAIN}/vn/pricing.html`, 6, 1, `indexable page ${VI} is not in a sitemap: none of the sitemaps of ${MAIN} lists it`),
    ]);
  });

  it('sitemap-duplicate: reports the second listing of a URL, also across the urlsets of a host', async () => {
    const findings = await check({
      [URLSET]: urlset([{ loc: EN, cluster: CLUSTER }, { loc: VI, cluster: CLUSTER }]),
      [`${MAIN}/vi-VN-sitemap.xml`]: urlset([{ loc: VI, cluster: CLUSTER }]),
      [INDEX]: sitemapIndex([`${ORIGIN}/en-US-sitemap.xml`, `${ORIGIN}/vi-VN-sitemap.xml`]),
    });
    expect(findings).toEqual([error('CHECK_SITEMAP_DUPLICATE', `${MAIN}/vi-VN-sitemap.xml`, 4, 5, `${VI} is listed again (first in ${URLSET}:11:5); list each URL once`)]);
  });

  describe('sitemap-not-page', () => {
    const listing = (loc: string) => urlset([{ loc: EN, cluster: CLUSTER }, { loc: VI, cluster: CLUSTER }, { loc }]);

    it('reports a listed URL where no page is emitted', async () => {
      expect(await check({ [URLSET]: listing(`${ORIGIN}/old-pricing`) })).toEqual([
        error('CHECK_SITEMAP_NOT_PAGE', URLSET, 18, 5, `${ORIGIN}/old-pricing is not an emitted page (it redirects or is a 404); list only pages that exist`),
      ]);
    });

    it('says where a redirecting URL goes', async () => {
      const findings = await check({ [URLSET]: listing(`${ORIGIN}/old-pricing`) }, { redirects: { main: { '/old-pricing': '/pricing' } } });
      expect(findings).toEqual([error('CHECK_SITEMAP_NOT_PAGE', URLSET, 18, 5, `${ORIGIN}/old-pricing redirects to /pricing; list the page it redirects to`)]);
    });

    it('reports a listed 404 page', async () => {
      expect(await check({ [URLSET]: listing(`${ORIGIN}/404`) })).toEqual([
        error('CHECK_SITEMAP_NOT_PAGE', URLSET, 18, 5, `${ORIGIN}/404 is a 404 page; list only indexable pages`),
      ]);
    });

    it('reports a listed page that is noindex or has its canonical elsewhere', async () => {
      const noindex = (await check({
        [`${MAIN}/vn/pricing.html`]: cleanFiles()[`${MAIN}/vn/pricing.html`]!.replace('<title>', '<meta name="robots" content="noindex"><title>'),
      })).map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`);
      expect(noindex).toEqual([`CHECK_SITEMAP_NOT_PAGE ${URLSET}:11:5 ${VI} is marked noindex (<meta name="robots" content="noindex">); list only indexable pages`]);
      const elsewhere = (await check({
        [`${MAIN}/vn/pricing.html`]: cleanFiles()[`${MAIN}/vn/pricing.html`]!.replace(`<link rel="canonical" href="${VI}">`, `<link rel="canonical" href="${EN}">`),
      })).map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`);
      expect(elsewhere).toEqual([`CHECK_SITEMAP_NOT_PAGE ${URLSET}:11:5 ${VI} has its canonical elsewhere (${EN}); list only indexable pages`]);
    });

    it("reports a page of another host (it belongs in that host's sitemaps)", async () => {
      expect(await check({ [URLSET]: listing('https://www.polybrowser-cn.example/pricing') })).toEqual([
        error('CHECK_SITEMAP_NOT_PAGE', URLSET, 18, 5, 'https://www.polybrowser-cn.example/pricing is on www.polybrowser-cn.example, not www.polybrowser.example: list it in the sitemaps of www.polybrowser-cn.example'),
      ]);
    });
  });

  describe('sitemap-index', () => {
    it('reports a urlset of the host that the index does not list', async () => {
      const findings = await check({
        [URLSET]: urlset([{ loc: EN, cluster: CLUSTER }]),
        [`${MAIN}/vi-VN-sitemap.xml`]: urlset([{ loc: VI, cluster: CLUSTER }]),
      });
      expect(findings).toEqual([error('CHECK_SITEMAP_INDEX', INDEX, 2, 1, `does not list the urlset ${MAIN}/vi-VN-sitemap.xml (${ORIGIN}/vi-VN-sitemap.xml)`)]);
    });

    it('reports a relative loc', async () => {
      expect(await check({ [INDEX]: sitemapIndex(['/en-US-sitemap.xml']) })).toEqual([
        error('CHECK_SITEMAP_INDEX', INDEX, 4, 5, `/en-US-sitemap.xml is not an absolute URL: write ${ORIGIN}/en-US-sitemap.xml`),
      ]);
    });

    it("reports a loc on another host's origin or naming no sitemap", async () => {
      const findings = await check({ [INDEX]: sitemapIndex([`${ORIGIN}/en-US-sitemap.xml`, 'https://www.polybrowser-cn.example/en-US-sitemap.xml', `${ORIGIN}/gone-sitemap.xml`]) });
      expect(findings).toEqual([
        error('CHECK_SITEMAP_INDEX', INDEX, 7, 5, "https://www.polybrowser-cn.example/en-US-sitemap.xml is not on https://www.polybrowser.example: an index lists its own host's sitemaps"),
        error('CHECK_SITEMAP_INDEX', INDEX, 10, 5, `${ORIGIN}/gone-sitemap.xml names no file of the output (${MAIN}/gone-sitemap.xml)`),
      ]);
    });
  });

  describe('robots', () => {
    it('reports a Disallow rule that blocks a listed URL', async () => {
      expect(await check({ [ROBOTS]: robots('Disallow: /vn') })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, 3, 1, `Disallow: /vn (User-agent: *) blocks ${VI}, listed in ${URLSET}`),
      ]);
    });

    it('matches * and $ in Disallow values', async () => {
      expect(await check({ [ROBOTS]: robots('Disallow: /*/pricing$') })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, 3, 1, `Disallow: /*/pricing$ (User-agent: *) blocks ${VI}, listed in ${URLSET}`),
      ]);
      expect(await check({ [ROBOTS]: robots('Disallow: /*.pdf$\nDisallow: /pricing/') })).toEqual([]);
    });

    it('reports a Sitemap line that is not absolute', async () => {
      expect(await check({ [ROBOTS]: robots().replace(`Sitemap: ${ORIGIN}/index-sitemap.xml`, 'Sitemap: /index-sitemap.xml') })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, 4, 1, `Sitemap: /index-sitemap.xml is not an absolute URL: write Sitemap: ${ORIGIN}/index-sitemap.xml`),
      ]);
    });

    it('takes a Sitemap line naming an RSS or Atom feed of the host (search engines read feeds as sitemaps), and no other file', async () => {
      const FEED = `${MAIN}/blog/feed.atom`;
      const RSS = `${MAIN}/blog/feed.rss`;
      const atom = '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>x</id></feed>\n';
      const rss = '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel></channel></rss>\n';
      const lines = `Sitemap: ${ORIGIN}/blog/feed.atom\nSitemap: ${ORIGIN}/blog/feed.rss`;
      expect(await check({ [FEED]: atom, [RSS]: rss, [ROBOTS]: `${robots()}${lines}\n` })).toEqual([]);
      expect(await check({ [FEED]: atom, [`${MAIN}/blog/feed.json`]: '{}', [ROBOTS]: `${robots()}Sitemap: ${ORIGIN}/blog/feed.json\n` })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, 5, 1, `Sitemap: ${ORIGIN}/blog/feed.json names no sitemap or RSS or Atom feed of the output: name ${ORIGIN}/index-sitemap.xml`),
      ]);
    });

    it('reports a robots.txt that does not name the sitemap index', async () => {
      expect(await check({ [ROBOTS]: 'User-agent: *\nAllow: /\n' })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, 1, 1, `does not name the sitemap index: add "Sitemap: ${ORIGIN}/index-sitemap.xml"`),
      ]);
      expect(await check({ [ROBOTS]: undefined })).toEqual([
        error('CHECK_ROBOTS', ROBOTS, undefined, undefined, `${MAIN} has no robots.txt; it should name the sitemap index with "Sitemap: ${ORIGIN}/index-sitemap.xml"`),
      ]);
    });

    it('turns robots.txt path patterns into prefix matches', () => {
      expect(robotsPattern('/vn').test('/vn/pricing')).toBe(true);
      expect(robotsPattern('/vn').test('/pricing')).toBe(false);
      expect(robotsPattern('/*.xml$').test('/a/b.xml')).toBe(true);
      expect(robotsPattern('/*.xml$').test('/a/b.xml?x')).toBe(false);
      expect(robotsPattern('/a+b(c)').test('/a+b(c)/d')).toBe(true);
    });
  });
});

describe('the sample site', () => {
  it('passes the sitemap and hreflang checks', async () => {
    const result = await sampleSite();
    const input: CheckInput = checkInputOf(result);
    let start = performance.now();
    const sitemaps = await checkSitemaps(input);
    const sitemapMs = performance.now() - start;
    start = performance.now();
    const hreflang = checkHreflang(input);
    const hreflangMs = performance.now() - start;
    const pages = [...result.output.keys()].filter((f) => f.endsWith('.html') && !f.startsWith('.vercel/')).length;
    console.log(`sample site (${pages} pages): checkSitemaps ${sitemapMs.toFixed(0)} ms, checkHreflang ${hreflangMs.toFixed(0)} ms`);
    expect([...sitemaps, ...hreflang].map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([]);
  }, 180_000);
});
