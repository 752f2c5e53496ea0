import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * The JSON-LD of EVERY page of the built sample site, read from the HTML a crawler gets. The rules
 * are written here from Google's structured data documentation and schema.org (cited per type),
 * and the expected values from content/ directly, not from sitegen's code, so a wrong builder
 * cannot confirm itself. The counts per type go to test-results/json-ld/counts.json.
 */

const GOOGLE = 'https://developers.google.com/search/docs/appearance';

interface TypeRule {
  source: string;
  /** Properties the source requires. 'a.b': each value of a has b; 'a|b': one of them. */
  required: string[];
  /** Properties issue 21 and docs/structured-data.md promise besides. */
  sitegen?: string[];
  /** Google's rich result the type qualifies for with `required`, or why it cannot. */
  richResult: string;
}

/** The required-property table, per type (top-level and nested). */
const RULES: Record<string, TypeRule> = {
  // "There are no required properties; instead, we recommend adding as many properties that are relevant".
  Organization: { source: `${GOOGLE}/structured-data/organization`, required: [], sitegen: ['name'], richResult: 'organization details (logo) in Search' },
  // Site names: "Required properties: name, url"; on the home page of a domain (not a subdirectory).
  WebSite: { source: `${GOOGLE}/site-names`, required: ['name', 'url'], sitegen: ['@id', 'inLanguage'], richResult: 'site name (the three host roots only: Google reads none at subdirectory level)' },
  // Sitelinks search box: potentialAction with target and query-input. Google retired the box on 2024-11-21.
  SearchAction: { source: `${GOOGLE}/structured-data/sitelinks-searchbox`, required: ['target.urlTemplate', 'query-input'], richResult: 'none: Google retired the sitelinks search box (2024-11-21)' },
  // Software app: "name", "offers.price" (0 for a free app) and a rating: "aggregateRating or review".
  SoftwareApplication: {
    source: `${GOOGLE}/structured-data/software-app`, required: ['name', 'offers.price'],
    sitegen: ['@id', 'operatingSystem', 'applicationCategory', 'offers.priceCurrency', 'inLanguage'],
    richResult: 'none: Google also requires aggregateRating or review, and the site has no ratings (inventing them breaks the guidelines)',
  },
  // Product snippet: "name" and one of "review", "aggregateRating", "offers".
  Product: { source: `${GOOGLE}/structured-data/product-snippet`, required: ['name', 'offers|review|aggregateRating'], sitegen: ['offers'], richResult: 'product snippet (price)' },
  // Merchant listing and issue 21: an Offer has "price" and "priceCurrency".
  Offer: { source: `${GOOGLE}/structured-data/merchant-listing`, required: ['price', 'priceCurrency'], sitegen: ['name'], richResult: '(part of Product / SoftwareApplication)' },
  // FAQ: FAQPage "mainEntity" of Question ("name", "acceptedAnswer") with an Answer ("text").
  FAQPage: { source: `${GOOGLE}/structured-data/faqpage`, required: ['mainEntity'], sitegen: ['inLanguage', 'url'], richResult: 'none: Google shows FAQ rich results no more (2026-05-07; before that, government and health sites only)' },
  Question: { source: `${GOOGLE}/structured-data/faqpage`, required: ['name', 'acceptedAnswer'], richResult: '(part of FAQPage)' },
  Answer: { source: `${GOOGLE}/structured-data/faqpage`, required: ['text'], richResult: '(part of FAQPage)' },
  // Article: "There are no required properties"; headline, image, dates and author are recommended.
  Article: { source: `${GOOGLE}/structured-data/article`, required: [], sitegen: ['headline', 'datePublished', 'dateModified', 'inLanguage', 'publisher'], richResult: 'article (better title, image and dates)' },
  NewsArticle: { source: `${GOOGLE}/structured-data/article`, required: [], sitegen: ['headline', 'datePublished', 'dateModified', 'inLanguage', 'publisher'], richResult: 'article (better title, image and dates)' },
  // Breadcrumb: "itemListElement" of ListItem with "position" and "name", and "item" on all but the last.
  BreadcrumbList: { source: `${GOOGLE}/structured-data/breadcrumb`, required: ['itemListElement'], richResult: 'breadcrumb' },
  ListItem: { source: `${GOOGLE}/structured-data/breadcrumb`, required: ['position', 'name'], richResult: '(part of BreadcrumbList)' },
  // schema.org: a Brand is named.
  Brand: { source: 'https://schema.org/Brand', required: ['name'], richResult: '(part of Product)' },
  UnitPriceSpecification: { source: 'https://schema.org/UnitPriceSpecification', required: ['price', 'priceCurrency', 'referenceQuantity'], richResult: '(part of Offer)' },
  QuantitativeValue: { source: 'https://schema.org/QuantitativeValue', required: ['value', 'unitCode'], richResult: '(part of UnitPriceSpecification)' },
  EntryPoint: { source: `${GOOGLE}/structured-data/sitelinks-searchbox`, required: ['urlTemplate'], richResult: '(part of SearchAction)' },
};

/** schema.org CreativeWork types: the ones with inLanguage, which must be the page's language. */
const CREATIVE_WORKS = new Set(['WebSite', 'SoftwareApplication', 'FAQPage', 'Article', 'NewsArticle']);
/** Properties whose values are URLs: every one must be absolute. */
const URL_KEYS = new Set(['@id', 'url', 'item', 'logo', 'image', 'sameAs', 'downloadUrl', 'mainEntityOfPage', 'urlTemplate']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };

const HOSTS = ['www.polybrowser.example', 'www.polybrowser-cn.example', 'www.polybrowser-ru.example'];
const yaml = <T>(path: string): T => parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const messagesOf = (l: string) => yaml<{ site: { name: string; description: string }; pricing: { plan: Record<string, string> }; download: Record<string, string> }>(`content/messages/${l}.yaml`);
const faqOf = (l: string) => yaml<{ q: string; a: string; topic?: string }[]>(`content/faq/${l}.yaml`);
const pricing = yaml<{ currencies: Record<string, unknown>; plans: { id: string; prices: Record<string, number> }[] }>('content/data/pricing.yaml');
const downloads = yaml<{ os: string; fallbackUrl: string }[]>('content/data/downloads.yaml');
const featureRoutes = new Set(yaml<{ id: string }[]>('content/data/features.yaml').map((f) => `/${f.id}`));

interface ParsedPage {
  file: string;
  html: string;
  lang: string;
  locale: string;
  template: string;
  /** The path after the host and the locale prefix: '/', '/pricing', '/blog/x'. */
  route: string;
  raw: string[];
  nodes: Node[];
}

let result: BuildResult;
let pages: ParsedPage[];

beforeAll(async () => {
  result = await sampleSite();
  expect(result.ok).toBe(true);
  const copies = new Set(result.pages.flatMap((p) => p.extraOutputPaths));
  const files = [...result.output.keys()].filter((f) => HOSTS.some((h) => f.startsWith(`${h}/`)) && f.endsWith('.html') && !copies.has(f));
  pages = files.map((file) => {
    const html = new TextDecoder().decode(result.output.get(file));
    const raw = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const locale = /<body data-locale="([a-z]+)"/.exec(html)?.[1] ?? '';
    const path = `/${file.slice(file.indexOf('/') + 1).replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
    const prefix = ['en', 'zh', 'ru'].includes(locale) ? '' : `/${locale}`;
    const route = path === prefix || path === '/' ? '/' : path.slice(prefix.length);
    return {
      file, html, raw, locale, route,
      lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? '',
      template: /<body data-locale="[a-z]+" data-page="([a-z-]+)"/.exec(html)?.[1] ?? '',
      nodes: raw.map((text) => JSON.parse(text) as Node),
    };
  });
});

const typeOf = (node: Node) => node['@type'] as string;
const valuesOf = (value: Json | undefined): Json[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const present = (value: Json | undefined) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Which properties of `rule` the node lacks. */
function missing(node: Node, paths: readonly string[]): string[] {
  return paths.filter((path) => {
    if (path.includes('|')) return !path.split('|').some((p) => present(node[p]));
    const [head, ...rest] = path.split('.');
    if (!present(node[head!])) return true;
    if (rest.length === 0) return false;
    return valuesOf(node[head!]).some((v) => typeof v !== 'object' || v === null || Array.isArray(v) || missing(v, [rest.join('.')]).length > 0);
  });
}

/** Every object with an @type in a node, the node first. */
function typedObjects(value: Json, into: Node[] = []): Node[] {
  if (Array.isArray(value)) value.forEach((v) => typedObjects(v, into));
  else if (value && typeof value === 'object') {
    if (typeof value['@type'] === 'string') into.push(value);
    Object.values(value).forEach((v) => typedObjects(v, into));
  }
  return into;
}

/** Every (key, string) pair under URL keys, anywhere in a node. */
function urlValues(value: Json, into: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v) => urlValues(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (URL_KEYS.has(key)) for (const s of valuesOf(v)) if (typeof s === 'string') into.push([key, s]);
      urlValues(v, into);
    }
  }
  return into;
}

/** The output file an own-host URL is served from (a page, or a public file such as the logo). */
function fileOf(url: string): string | undefined {
  const u = new URL(url);
  if (!HOSTS.includes(u.host)) return undefined;
  if (u.pathname === '/') return `${u.host}/index.html`;
  return /\.[a-z]+$/.test(u.pathname) ? `${u.host}${u.pathname}` : `${u.host}${u.pathname}.html`;
}

const pagesWhere = (test: (p: ParsedPage) => boolean) => pages.filter(test);
const nodesOf = (p: ParsedPage, type: string) => p.nodes.filter((n) => typeOf(n) === type);
const one = (p: ParsedPage, type: string): Node => {
  const found = nodesOf(p, type);
  expect(found, `${p.file}: one ${type}`).toHaveLength(1);
  return found[0]!;
};
/**
 * Text of the elements a regex finds, as a visitor reads it: React's markup has no nested tags in
 * these and escapes only & < > " ' (a DOM parse of a thousand pages took most of this file's time).
 */
const texts = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/&(amp|lt|gt|quot|#x27);/g, (_, e: string) => ENTITIES[e]!));
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
const h1Of = (p: ParsedPage) => texts(p.html, /<h1[^>]*>([^<]*)<\/h1>/g)[0];
const visibleQuestions = (p: ParsedPage) => texts(p.html, /<details class="faq-item"[^>]*><summary>([^<]*)<\/summary>/g);

describe('JSON-LD on every page of the sample site', () => {
  it('parses, has the schema.org context, escapes < and the line separators, and is one of the known types', () => {
    expect(pages.length).toBeGreaterThan(1000);
    for (const p of pages) {
      for (const [i, text] of p.raw.entries()) {
        expect(text, `${p.file} block ${i}: a raw < could end the script`).not.toMatch(/[<\u2028\u2029]/);
        const node = p.nodes[i]!;
        expect(node['@context'], p.file).toBe('https://schema.org');
        expect(Object.keys(RULES), `${p.file}: ${typeOf(node)}`).toContain(typeOf(node));
      }
    }
  });

  it("has each type's required properties, at every level", () => {
    const problems: string[] = [];
    for (const p of pages) {
      for (const node of p.nodes.flatMap((n) => typedObjects(n))) {
        const rule = RULES[typeOf(node)];
        if (!rule) { problems.push(`${p.file}: nested type ${typeOf(node)} has no rule`); continue; }
        const lacking = missing(node, [...rule.required, ...(rule.sitegen ?? [])]);
        if (lacking.length > 0) problems.push(`${p.file}: ${typeOf(node)} lacks ${lacking.join(', ')} (${rule.source})`);
        if (typeOf(node) === 'Offer') {
          if (typeof node.price !== 'number' || node.price < 0) problems.push(`${p.file}: Offer price ${JSON.stringify(node.price)} is not a number ≥ 0`);
          if (!/^[A-Z]{3}$/.test(String(node.priceCurrency))) problems.push(`${p.file}: priceCurrency ${JSON.stringify(node.priceCurrency)} is not ISO 4217`);
        }
        if (typeOf(node) === 'BreadcrumbList') {
          const items = node.itemListElement as Node[];
          items.forEach((item, i) => {
            if (item.position !== i + 1) problems.push(`${p.file}: ListItem ${i} has position ${JSON.stringify(item.position)}`);
            // Google: item is required on every ListItem but the last.
            if (i < items.length - 1 && !present(item.item)) problems.push(`${p.file}: ListItem ${i} has no item`);
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses absolute URLs only, and those on the site point at files it serves', () => {
    const problems: string[] = [];
    for (const p of pages) {
      for (const [key, url] of p.nodes.flatMap((n) => urlValues(n))) {
        const concrete = url.replace('{search_term_string}', 'x');
        if (!/^https:\/\/[a-z0-9.-]+\//.test(concrete) || !URL.canParse(concrete)) { problems.push(`${p.file}: ${key} ${url} is not an absolute URL`); continue; }
        const file = fileOf(concrete);
        if (file && !result.output.has(file)) problems.push(`${p.file}: ${key} ${url} is served by no file (${file})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("sets inLanguage to the page's language on every creative work", () => {
    for (const p of pages) {
      for (const node of p.nodes.filter((n) => CREATIVE_WORKS.has(typeOf(n)))) expect(node.inLanguage, `${p.file} ${typeOf(node)}`).toBe(p.lang);
    }
  });

  it('puts each type on the pages issue 21 names, and only there', () => {
    const where: Record<string, (p: ParsedPage) => boolean> = {
      Organization: (p) => p.template === 'home',
      WebSite: (p) => p.template === 'home',
      SoftwareApplication: (p) => p.template === 'download' || (p.template === 'detail' && featureRoutes.has(p.route)),
      Product: (p) => p.template === 'pricing',
      FAQPage: (p) => p.template === 'pricing' || p.template === 'faq',
      Article: (p) => p.template === 'article' && !p.route.startsWith('/news/'),
      NewsArticle: (p) => p.template === 'article' && p.route.startsWith('/news/'),
    };
    for (const p of pages) {
      for (const [type, belongs] of Object.entries(where)) {
        expect(nodesOf(p, type).length, `${p.file} (${p.template} ${p.route}): ${type}`).toBe(belongs(p) ? 1 : 0);
      }
    }
    // Every locale has each page type, so every type is seen in all 14.
    for (const type of Object.keys(where).filter((t) => t !== 'NewsArticle')) expect(new Set(pagesWhere((p) => nodesOf(p, type).length > 0).map((p) => p.locale)).size, type).toBe(14);
  });
});

describe('what the JSON-LD says, in the page\'s language', () => {
  it('home: the organisation and the site, named and described by the locale\'s messages, searching where a search page is', () => {
    const homes = pagesWhere((p) => p.template === 'home');
    expect(homes).toHaveLength(14);
    for (const p of homes) {
      const m = messagesOf(p.locale);
      const org = one(p, 'Organization');
      const site = one(p, 'WebSite');
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(p.html)![1];
      expect([org.name, org.url, org.description], p.file).toEqual([m.site.name, canonical, m.site.description]);
      // The 512 px icon of the page's own host, which the build wrote there.
      expect(org.logo, p.file).toBe(`https://${p.file.split('/')[0]}/icon-512.png`);
      expect(result.output.has(`${p.file.split('/')[0]}/icon-512.png`), p.file).toBe(true);
      expect([site.name, site.url, site.description, site.publisher], p.file).toEqual([m.site.name, canonical, m.site.description, { '@id': org['@id'] }]);
      const searchFile = p.file.replace(/(index)?\.html$/, (s, index) => (index ? 'search.html' : '/search.html'));
      if (result.output.has(searchFile)) {
        expect(site.potentialAction, p.file).toEqual({
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `https://${searchFile.replace(/\.html$/, '')}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        });
      } else {
        expect(site.potentialAction, `${p.file}: no search page, so no SearchAction`).toBeUndefined();
      }
    }
  });

  it('download and feature pages: the app on the systems of downloads.yaml, free to get', () => {
    const apps = pagesWhere((p) => nodesOf(p, 'SoftwareApplication').length > 0);
    expect(apps).toHaveLength(14 * (1 + featureRoutes.size));
    for (const p of apps) {
      const m = messagesOf(p.locale);
      const app = one(p, 'SoftwareApplication');
      const systems = [...new Set(downloads.map((d) => d.os))].map((os) => m.download[os]);
      expect(app.operatingSystem, p.file).toBe(systems.join(', '));
      expect(app.applicationCategory, p.file).toBe('BrowserApplication');
      const free = pricing.plans.find((plan) => Object.values(plan.prices).every((v) => v === 0))!;
      expect(app.offers, p.file).toMatchObject({ '@type': 'Offer', name: m.pricing.plan[free.id], price: 0 });
      if (p.template === 'download') expect(app.downloadUrl, p.file).toEqual(downloads.map((d) => d.fallbackUrl));
      else expect(app.featureList, p.file).toBe(h1Of(p));
    }
  });

  it("pricing: an Offer per plan and currency with pricing.yaml's amounts, and the pricing questions the page shows", () => {
    const pricingPages = pagesWhere((p) => p.template === 'pricing');
    expect(pricingPages).toHaveLength(14);
    for (const p of pricingPages) {
      const m = messagesOf(p.locale);
      const offers = one(p, 'Product').offers as Node[];
      const expected = pricing.plans.flatMap((plan) => Object.keys(pricing.currencies).map((code) => ({ name: m.pricing.plan[plan.id], price: plan.prices[code], priceCurrency: code })));
      expect(offers.map(({ name, price, priceCurrency }) => ({ name, price, priceCurrency })), p.file).toEqual(expected);
      const questions = faqOf(p.locale).filter((e) => e.topic === 'pricing');
      const faq = one(p, 'FAQPage');
      expect((faq.mainEntity as Node[]).map((q) => [q.name, (q.acceptedAnswer as Node).text]), p.file).toEqual(questions.map((e) => [e.q, e.a]));
      expect(visibleQuestions(p), p.file).toEqual(questions.map((e) => e.q));
    }
  });

  it('FAQ page: the questions it shows that the pricing page does not (Google: mark up each once)', () => {
    const faqPages = pagesWhere((p) => p.template === 'faq');
    expect(faqPages).toHaveLength(14);
    for (const p of faqPages) {
      const entries = faqOf(p.locale);
      const marked = (one(p, 'FAQPage').mainEntity as Node[]).map((q) => [q.name, (q.acceptedAnswer as Node).text]);
      expect(marked, p.file).toEqual(entries.filter((e) => e.topic !== 'pricing').map((e) => [e.q, e.a]));
      const shown = visibleQuestions(p);
      for (const [q] of marked) expect(shown, p.file).toContain(q);
    }
  });

  it('articles: headline is the title the page shows, dated, news as NewsArticle', () => {
    const articles = pagesWhere((p) => p.template === 'article');
    expect(articles.length).toBeGreaterThan(100);
    for (const p of articles) {
      const node = p.nodes.find((n) => typeOf(n) === 'Article' || typeOf(n) === 'NewsArticle')!;
      expect(node.headline, p.file).toBe(h1Of(p));
      expect(node.datePublished, p.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('counts', () => {
  it('per type, written to test-results/json-ld/counts.json', () => {
    const topLevel: Record<string, number> = {};
    const nested: Record<string, number> = {};
    for (const p of pages) {
      for (const node of p.nodes) {
        topLevel[typeOf(node)] = (topLevel[typeOf(node)] ?? 0) + 1;
        for (const inner of typedObjects(node).slice(1)) nested[typeOf(inner)] = (nested[typeOf(inner)] ?? 0) + 1;
      }
    }
    const counts = {
      pages: pages.length,
      pagesWithJsonLd: pages.filter((p) => p.nodes.length > 0).length,
      blocks: pages.reduce((n, p) => n + p.nodes.length, 0),
      topLevel: Object.fromEntries(Object.entries(topLevel).sort()),
      nested: Object.fromEntries(Object.entries(nested).sort()),
      richResults: Object.fromEntries(Object.keys(topLevel).sort().map((type) => [type, RULES[type]!.richResult])),
    };
    mkdirSync(join(ROOT, 'test-results/json-ld'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results/json-ld/counts.json'), `${JSON.stringify(counts, null, 2)}\n`);
    console.log(`JSON-LD counts (test-results/json-ld/counts.json):\n${JSON.stringify(counts, null, 2)}`);
    expect(counts.topLevel.Product).toBe(14);
  });
});
