import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { parseHtml } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * What a visitor of the sample site sees of the product's look, in all 14 locales: the product
 * illustrations in the home hero and on the feature pages, Pricing and Download in the header, the
 * mobile registration banner's words, and a cover of its own on every article. Expected texts are
 * read from the messages files themselves, not through sitegen's translator.
 */
let result: BuildResult;
beforeAll(async () => {
  result = await sampleSite();
});

const ALL = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'] as const;
const HOSTS = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };
const hostOf = (l: string) => (l === 'zh' ? HOSTS.zh : l === 'ru' ? HOSTS.ru : HOSTS.main);
const prefixOf = (l: string) => (['en', 'zh', 'ru'].includes(l) ? '' : `/${l}`);
const fileOf = (l: string, route: string) => (route === '/' && !prefixOf(l) ? `${hostOf(l)}/index.html` : `${hostOf(l)}${prefixOf(l)}${route === '/' ? '' : route}.html`);
const page = (l: string, route: string) => parseHtml(new TextDecoder().decode(result.output.get(fileOf(l, route))!));

/** A message of a locale, by dotted key, read from content/messages/<locale>.yaml. */
const messagesOf = new Map<string, unknown>(ALL.map((l) => [l, parse(readFileSync(join(ROOT, `content/messages/${l}.yaml`), 'utf8'))]));
const message = (l: string, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messagesOf.get(l));
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${l}`);
  return value;
};
const FEATURES = parse(readFileSync(join(ROOT, 'content/data/features.yaml'), 'utf8')) as { id: string; art?: string }[];

describe('product illustrations', () => {
  it('are in the home hero of every locale, sized, with the alt text of its language', () => {
    for (const l of ALL) {
      const images = [...page(l, '/').querySelectorAll('.hero .hero-art img')];
      expect(images.map((img) => img.getAttribute('src')), l).toEqual(['/images/illustrations/profiles.svg', '/images/illustrations/fingerprint.svg']);
      for (const img of images) {
        const name = img.getAttribute('src')!.replace(/^.*\/|\.svg$/g, '');
        expect(img.getAttribute('alt'), `${l} ${name}`).toBe(message(l, `look.art.${name}`));
        if (l !== 'en') expect(img.getAttribute('alt'), `${l} ${name}`).not.toBe(message('en', `look.art.${name}`));
        expect([img.getAttribute('width'), img.getAttribute('height')], l).toEqual(['560', '400']);
      }
      // The list is the page's lead image; the settings panel behind it is not shown on narrow screens, so it loads lazily.
      expect(images.map((img) => img.getAttribute('loading')), l).toEqual(['eager', 'lazy']);
      expect(images[0]!.getAttribute('fetchpriority'), l).toBe('high');
      expect(page(l, '/').querySelector('.profile-card'), l).toBeNull();
    }
  });

  it('show each feature page the illustration of its row in features.yaml, in every locale', () => {
    expect(FEATURES.map((f) => f.art)).toEqual(['fingerprint', 'synchronizer', 'automation', 'api', 'profiles', 'team']);
    for (const l of ALL) {
      for (const { id, art } of FEATURES) {
        const img = page(l, `/${id}`).querySelector('.page-hero .feature-art img')!;
        expect(img.getAttribute('src'), `${l} ${id}`).toBe(`/images/illustrations/${art}.svg`);
        expect(img.getAttribute('alt'), `${l} ${id}`).toBe(message(l, `look.art.${art}`));
      }
    }
  });

  it('are served from every host, small, without raster images or words drawn in them', () => {
    const names = new Set(FEATURES.map((f) => f.art));
    expect(names.size).toBe(6);
    for (const name of names) {
      for (const host of Object.values(HOSTS)) {
        const svg = new TextDecoder().decode(result.output.get(`${host}/images/illustrations/${name}.svg`)!);
        expect(svg.length, name).toBeLessThan(15_000);
        expect(svg, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="560" height="400"/);
        expect(svg, name).not.toMatch(/<text|<image|data:|<foreignObject|<script/);
      }
    }
  });
});

describe('the header', () => {
  it('links Pricing and Download beside the spec menu in every locale, named in its language', () => {
    for (const l of ALL) {
      const doc = page(l, '/faq');
      const links = [...doc.querySelectorAll('#site-menu .nav-product a')];
      expect(links.map((a) => a.textContent), l).toEqual([message(l, 'page.pricing'), message(l, 'page.download')]);
      expect(links.map((a) => a.getAttribute('href')), l).toEqual([`https://${hostOf(l)}${prefixOf(l)}/pricing`, `https://${hostOf(l)}${prefixOf(l)}/download`]);
      // The spec's ten entries stay as they were, before them.
      expect(doc.querySelector('#site-menu .nav-list:not(.nav-product) + .nav-product'), l).not.toBeNull();
    }
    const pricing = page('fr', '/pricing').querySelector('#site-menu .nav-product a[aria-current="page"]');
    expect(pricing?.getAttribute('href')).toBe(`https://${HOSTS.main}/fr/pricing`);
  });
});

describe('the mobile registration banner', () => {
  /** The artwork each locale gets (spec §2: zh and tc; ru; pt; vn; otherwise English). */
  const ARTWORK: Record<string, string> = { zh: 'zh', tc: 'zh', ru: 'ru', pt: 'pt', vn: 'vn' };

  it('says its words as HTML text in the language of the page, over the locale artwork, in all 14 locales', () => {
    for (const l of ALL) {
      const banner = page(l, '/').querySelector('[data-island="mobile-banner"] .mobile-banner')!;
      const link = banner.querySelector('a.mobile-banner-link')!;
      expect(link.querySelector('.mobile-banner-text strong')!.textContent, l).toBe(message(l, 'look.banner.title'));
      expect(link.querySelector('.mobile-banner-text span')!.textContent, l).toBe(message(l, 'look.banner.offer'));
      expect(link.querySelector('.mobile-banner-cta')!.textContent, l).toBe(message(l, 'look.banner.cta'));
      const img = banner.querySelector('img')!;
      expect(img.getAttribute('src'), l).toBe(`/images/banner/register-${ARTWORK[l] ?? 'en'}.svg`);
      expect(img.getAttribute('alt'), l).toBe('');
      if (l !== 'en') {
        for (const key of ['title', 'offer']) expect(message(l, `look.banner.${key}`), `${l} ${key}`).not.toBe(message('en', `look.banner.${key}`));
      }
    }
  });

  it('is written in Traditional characters for tc, not the Simplified text of zh', () => {
    const words = (l: string) => page(l, '/').querySelector('.mobile-banner-link')!.textContent!;
    expect(words('tc')).not.toBe(words('zh'));
    expect(words('tc')).toContain('註冊');
    expect(words('tc')).toContain('設定檔');
    expect(words('tc')).not.toMatch(/[注获个环]/);
  });

  it('draws no words in its artwork: the words are the page text', () => {
    for (const variant of ['en', 'zh', 'ru', 'pt', 'vn']) {
      const svg = new TextDecoder().decode(result.output.get(`${HOSTS.main}/images/banner/register-${variant}.svg`)!);
      expect(svg, variant).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="750" height="120"/);
      expect(svg, variant).not.toMatch(/<text|<image|data:/);
    }
  });
});

describe('article covers', () => {
  const ARTICLES = ['/blog/how-to-manage-multiple-accounts', '/blog/browser-fingerprinting-explained', '/blog/proxy-setup-guide',
    '/news/polybrowser-3-0-released', '/news/team-collaboration-update', '/news/polybrowser-joins-ecommerce-summit'];

  it('give every article a cover of its own, sized, served from its host', () => {
    const seen = new Map<string, string>();
    const articles = [...ALL.filter((l) => l !== 'ru').flatMap((l) => ARTICLES.map((a) => [l, a] as const)), ...['/guide/quick-start', '/guide/create-first-profile', '/guide/configure-proxy'].map((a) => ['zh', a] as const)];
    for (const [l, route] of articles) {
      const img = page(l, route).querySelector('img.article-cover')!;
      const src = img.getAttribute('src')!;
      expect(src, `${l}${route}`).toMatch(/^\/assets\/covers\/[a-z0-9-]+-[0-9a-f]{10}\.svg$/);
      expect([img.getAttribute('width'), img.getAttribute('height')], `${l}${route}`).toEqual(['1200', '630']);
      const bytes = result.output.get(`${hostOf(l)}${src}`);
      expect(bytes, `${hostOf(l)}${src}`).toBeDefined();
      const text = new TextDecoder().decode(bytes);
      expect(text).not.toMatch(/<text|<image/);
      // Different articles, different pictures: no two article pages share a cover's bytes.
      expect(seen.get(text), `${l}${route}`).toBeUndefined();
      seen.set(text, `${l}${route}`);
    }
    expect(seen.size).toBe(13 * ARTICLES.length + 3);
  });

  it('show the article cover on its card in the lists', () => {
    const doc = page('ko', '/blog');
    const covers = [...doc.querySelectorAll('.card img.card-cover')].map((img) => img.getAttribute('src'));
    expect(covers).toHaveLength(3);
    for (const route of ARTICLES.slice(0, 3)) expect(covers, route).toContain(page('ko', route).querySelector('img.article-cover')!.getAttribute('src'));
  });
});
