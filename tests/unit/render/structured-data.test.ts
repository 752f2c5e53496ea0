import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../../src/build.js';
import type { Tables } from '../../../src/model/data-tables.js';
import type { Page } from '../../../src/model/page.js';
import { structuredData } from '../../../src/render/structured-data.js';
import { indexPages } from '../../../src/route/site-index.js';
import { baseFiles, blogPost, buildFixture, htmlAt, MAIN, markdown } from '../../helpers/fixture.js';
import { parseHtml } from '../../helpers/html.js';

/**
 * Hostile text from every kind of source JSON-LD quotes (a FAQ file, front matter, a message) stays
 * text: it cannot end the script element, open a comment, or break the JSON with a line separator.
 */
const HOSTILE = 'A </script><script>alert(1)</script> <!-- b \u2028 c \u2029 d & "e"';

let site: BuildResult;
beforeAll(async () => {
  const files = baseFiles();
  files['content/messages/en.yaml'] = files['content/messages/en.yaml']!.replace(/^( {2}description: ).*$/m, `$1${JSON.stringify(`Site ${HOSTILE}`)}`);
  files['content/faq/en.yaml'] = `- q: ${JSON.stringify(`Question ${HOSTILE}`)}\n  a: ${JSON.stringify(`Answer ${HOSTILE}`)}\n`
    + `- q: ${JSON.stringify(`Pricing question ${HOSTILE}`)}\n  a: ${JSON.stringify(`Pricing answer ${HOSTILE}`)}\n  topic: pricing\n`;
  files['content/en/features/synchronizer.md'] = markdown({ title: `Synchronizer ${HOSTILE}`, description: `Mirrors ${HOSTILE}` });
  files['content/en/news/hostile.md'] = blogPost({ title: `News ${HOSTILE}`, category: 'product', tags: [] });
  site = await buildFixture(files);
  expect(site.ok, site.diagnostics.map((d) => d.message).join('\n')).toBe(true);
}, 120_000);

/** The page's JSON-LD as the browser's parser splits it: the text of each ld+json script element. */
function blocksOf(path: string): { raw: string[]; values: unknown[]; scripts: number } {
  const html = htmlAt(site, path);
  const doc = parseHtml(html);
  const elements = [...doc.querySelectorAll('script[type="application/ld+json"]')];
  const raw = elements.map((e) => e.textContent ?? '');
  return { raw, values: raw.map((text) => JSON.parse(text)), scripts: doc.querySelectorAll('script').length };
}

describe('JSON-LD with hostile text', () => {
  it.each([
    ['home', `${MAIN}/index.html`, ['Organization', 'WebSite'], (v: any[]) => [v[0].description, v[1].description], [`Site ${HOSTILE}`, `Site ${HOSTILE}`]],
    ['FAQ page', `${MAIN}/faq.html`, ['FAQPage'], (v: any[]) => [v[0].mainEntity[0].name, v[0].mainEntity[0].acceptedAnswer.text], [`Question ${HOSTILE}`, `Answer ${HOSTILE}`]],
    ['pricing page', `${MAIN}/pricing.html`, ['Product', 'FAQPage'], (v: any[]) => [v[1].mainEntity[0].name, v[1].mainEntity[0].acceptedAnswer.text], [`Pricing question ${HOSTILE}`, `Pricing answer ${HOSTILE}`]],
    ['feature page', `${MAIN}/synchronizer.html`, ['SoftwareApplication', 'BreadcrumbList'], (v: any[]) => [v[0].featureList, v[0].description, v[1].itemListElement[1].name], [`Synchronizer ${HOSTILE}`, `Mirrors ${HOSTILE}`, `Synchronizer ${HOSTILE}`]],
    ['news article', `${MAIN}/news/hostile.html`, ['NewsArticle', 'BreadcrumbList'], (v: any[]) => [v[0].headline], [`News ${HOSTILE}`]],
  ])('%s: the text comes back whole and nothing escapes the script', (_, path, types, pick, expected) => {
    const { raw, values, scripts } = blocksOf(path);
    expect(values.map((v) => (v as { '@type': string })['@type'])).toEqual(types);
    expect(pick(values as any[])).toEqual(expected);
    for (const text of raw) expect(text).not.toMatch(/[<>\u2028\u2029]/);
    // The module script, the runtime configuration and the JSON-LD blocks, and no script from the text.
    expect(scripts).toBe(2 + raw.length);
  });
});

describe('WebSite SearchAction', () => {
  const t = (key: string) => `[${key}]`;
  const tables = {} as Tables; // the home page's nodes read no table
  const homeNodes = (pages: Page[], home: Page) => structuredData({ page: home, t, config: site.config!, index: indexPages(pages, site.config!), tables, faq: [], description: 'd' })
    .map((json) => JSON.parse(json) as { '@type': string; potentialAction?: unknown });

  it("targets the locale's search page with the search_term_string placeholder where the locale has one", () => {
    const home = site.pages.find((p) => p.key === 'home' && p.locale === 'vn')!;
    expect(site.pages.some((p) => p.key === 'search' && p.locale === 'vn')).toBe(true);
    const webSite = homeNodes(site.pages, home).find((n) => n['@type'] === 'WebSite')!;
    expect(webSite.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://www.polybrowser.example/vn/search?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });

  it('is left out where the locale has no search page, so it never points at a missing page', () => {
    const home = site.pages.find((p) => p.key === 'home' && p.locale === 'en')!;
    const withoutSearch = site.pages.filter((p) => !(p.key === 'search' && p.locale === 'en'));
    expect(homeNodes(withoutSearch, home).find((n) => n['@type'] === 'WebSite')!.potentialAction).toBeUndefined();
  });
});
