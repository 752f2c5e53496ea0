import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { BuildResult } from '../../src/build.js';
import { HTML_VALIDATE_CONFIG, validatorFor } from '../../src/check/html-checks.js';
import { edgeConfigSchema } from '../../src/model/edge-config.js';
import { ROOT } from '../helpers/fixture.js';
import { headLinks, switcherLinks } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * The whole sample site, built once in memory. Expectations are written from the spec's rules
 * directly (not from sitegen's own availability code), so a routing bug cannot confirm itself.
 */
let result: BuildResult;
const text = (path: string) => new TextDecoder().decode(result.output.get(path)!);

beforeAll(async () => {
  result = await sampleSite();
});

const HOSTS = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };
const ALL = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'];
const hostOf = (l: string) => (l === 'zh' ? HOSTS.zh : l === 'ru' ? HOSTS.ru : HOSTS.main);
const prefixOf = (l: string) => (['en', 'zh', 'ru'].includes(l) ? '' : `/${l}`);

function expectedRoutes(l: string): string[] {
  const routes = ['/', '/about-us', '/download', '/faq', '/links', '/partner-plan', '/partner', '/partner/skyproxy', '/partner/adsflow', '/pre-sales',
    '/pricing', '/referral-program', '/privacy-policy', '/terms-of-use', '/cookie-policy', '/release', '/release/v3-0', '/release/v3-1', '/helps', '/helps/install-the-client', '/helps/import-cookies',
    '/_icons', '/error/404', '/error/502', '/solutions', '/use-cases',
    // Issue 21: the locale's search page.
    '/search',
    '/multi-account-management', '/synchronizer', '/rpa', '/local-api', '/multi-profiles-management', '/teamwork'];
  const chinese = l === 'zh' || l === 'tc';
  // Spec "Content slugs": alternatives, solutions and use cases with their language lists.
  for (const a of ['gologin', 'incogniton', 'dolphin-anty', 'multilogin']) routes.push(`/alternatives/${a}`);
  if (!chinese) routes.push('/alternatives/octo-browser', '/alternatives/undetectable');
  if (chinese) routes.push('/alternatives/ziniao');
  for (const s of ['affiliate-marketing', 'e-commerce', 'digital-agency', 'social-marketing', 'web-scraping', 'traffic-arbitrage', 'ticketing', 'google-servies', 'facebook', 'twitter-x', 'tiktok', 'amazon', 'discord', 'linkedin']) routes.push(`/solutions/${s}`);
  if (!chinese) routes.push('/solutions/crypto');
  if (!chinese && l !== 'vn') routes.push('/solutions/betting');
  const swapped = chinese ? ['media-market', 'data-collection', 'price-comparison', 'self-examination'] : ['betting', 'crypto', 'agencies', 'ticketing'];
  for (const u of ['traffic', 'ad-placement', 'e-commerce', 'affiliate-market', 'web-scraping', ...swapped]) routes.push(`/use-cases/${u}`);
  // Spec: Russian visitors get the separate blog instead of blog, news and guides.
  if (l !== 'ru') {
    routes.push('/blog', '/blog-tutorials', '/blog-industry', '/blog-tutorials/teamwork', '/blog-tutorials/security', '/blog-tutorials/proxy', '/blog-tutorials/automation',
      '/blog-industry/fingerprint', '/blog-industry/security', '/blog/how-to-manage-multiple-accounts', '/blog/browser-fingerprinting-explained', '/blog/proxy-setup-guide',
      '/news', '/news-product', '/news-company', '/news-product/release', '/news-product/teamwork', '/news-company/ecommerce',
      '/news/polybrowser-3-0-released', '/news/team-collaboration-update', '/news/polybrowser-joins-ecommerce-summit');
  }
  if (l === 'zh') routes.push('/guide', '/guide/quick-start', '/guide/create-first-profile', '/guide/configure-proxy');
  const docs: Record<string, string[]> = {
    en: ['getting-started', 'browser-profiles', 'local-api'], ru: ['nachalo-raboty', 'profili-brauzera', 'lokalnyj-api'],
    pt: ['primeiros-passos', 'perfis-do-navegador', 'api-local'], vn: ['bat-dau', 'ho-so-trinh-duyet', 'api-cuc-bo'],
  };
  if (docs[l]) routes.push('/docs', ...docs[l]!.map((id) => `/docs/${id}`));
  return routes;
}

const fileOf = (l: string, route: string) => {
  const path = `${prefixOf(l)}${route === '/' ? '' : route}`;
  return path === '' ? `${hostOf(l)}/index.html` : `${hostOf(l)}${path}.html`;
};

describe('the sample site', () => {
  it('builds without errors, and warns only about what nginx cannot do', () => {
    const unsupported = result.diagnostics.filter((d) => d.code === 'HOSTING_UNSUPPORTED');
    expect(unsupported.map((d) => d.message.split(' ')[0])).toEqual(['nginx']);
    expect(result.diagnostics.filter((d) => d.code !== 'HOSTING_UNSUPPORTED').map((d) => `${d.severity} ${d.code} ${d.file} ${d.message}`)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('has every spec route in every locale where it is offered, and no other page', () => {
    for (const l of ALL) {
      const expected = expectedRoutes(l).map((r) => fileOf(l, r)).sort();
      const actual = result.pages.filter((p) => p.locale === l).map((p) => p.outputPath).sort();
      expect(actual, `pages of ${l}`).toEqual(expected);
      for (const file of expected) expect(result.output.has(file), file).toBe(true);
    }
  });

  it('gives every page the lang of its locale and an absolute canonical URL to itself', () => {
    const tags: Record<string, string> = { en: 'en', zh: 'zh-CN', ru: 'ru', vn: 'vi', es: 'es', pt: 'pt', tr: 'tr', th: 'th', fr: 'fr', uk: 'uk', ko: 'ko', hi: 'hi', jp: 'ja', tc: 'zh-TW' };
    for (const page of result.pages) {
      const head = headLinks(text(page.outputPath));
      expect(head.lang, page.outputPath).toBe(tags[page.locale]);
      // Files are flat: <host>/vn/pricing.html is https://<host>/vn/pricing; <host>/index.html is the root.
      expect(head.canonical).toBe(`https://${page.outputPath.replace(/\/index\.html$/, '/').replace(/\.html$/, '')}`);
    }
  });

  it('has reciprocal hreflang clusters with a self reference and x-default, and only valid tags', () => {
    const byUrl = new Map(result.pages.filter((p) => p.indexable).map((p) => [p.url, headLinks(text(p.outputPath))]));
    for (const [url, head] of byUrl) {
      const own = head.alternates.find((a) => a.href === url);
      expect(own, `${url} lists itself`).toBeDefined();
      expect(head.alternates.filter((a) => a.hreflang === 'x-default')).toHaveLength(1);
      for (const a of head.alternates) {
        expect(['vn', 'jp', 'tc']).not.toContain(a.hreflang);
        if (a.hreflang === 'x-default') continue;
        const other = byUrl.get(a.href);
        expect(other, `${url} → ${a.href} exists`).toBeDefined();
        expect(other!.alternates, `${a.href} links back to ${url}`).toContainEqual({ hreflang: own!.hreflang, href: url });
      }
    }
  });

  it('links use cases across the zh/tc spelling in hreflang and the switcher', () => {
    const en = text(`${HOSTS.main}/use-cases/betting.html`);
    expect(headLinks(en).alternates).toContainEqual({ hreflang: 'zh-CN', href: `https://${HOSTS.zh}/use-cases/media-market` });
    expect(switcherLinks(en).tc).toBe(`https://${HOSTS.main}/tc/use-cases/media-market`);
    // From another host, a link to the main host carries the choice for its edge to store.
    expect(switcherLinks(text(`${HOSTS.zh}/use-cases/self-examination.html`)).fr).toBe(`https://${HOSTS.main}/fr/use-cases/ticketing?myLocale=fr`);
  });

  it('has a language switcher on every page whose links all lead to pages that exist (or the Russian blog)', () => {
    const urls = new Set(result.pages.map((p) => p.url));
    for (const page of result.pages.filter((p) => p.layout === 'default')) {
      const links = switcherLinks(text(page.outputPath));
      expect(Object.keys(links).sort(), page.url).toEqual([...ALL].sort());
      for (const [locale, choice] of Object.entries(links)) {
        // The choice parameter (links to the main host from zh/ru, and to the main root) is the
        // edge's to take out; the page is what is left.
        const href = choice.replace(new RegExp(`\\?myLocale=${locale}$`), '');
        expect(choice === href || new URL(choice).hostname === HOSTS.main, `${page.url} → ${locale}: ${choice}`).toBe(true);
        expect(urls.has(href) || href === 'https://blog.polybrowser-ru.example/', `${page.url} → ${locale}: ${href}`).toBe(true);
      }
    }
  });

  it('follows the spec switcher rules for blog, news, helps and guide', () => {
    const links = switcherLinks(text(`${HOSTS.main}/blog/proxy-setup-guide.html`));
    expect(links.es).toBe(`https://${HOSTS.main}/es/blog`);
    expect(links.ru).toBe('https://blog.polybrowser-ru.example/');
    expect(switcherLinks(text(`${HOSTS.main}/vn/helps/import-cookies.html`)).ko).toBe(`https://${HOSTS.main}/ko/helps`);
    expect(switcherLinks(text(`${HOSTS.main}/vn/news-product/release.html`)).zh).toBe(`https://${HOSTS.zh}/news`);
    const guide = switcherLinks(text(`${HOSTS.zh}/guide/quick-start.html`));
    expect(guide.en).toBe(`https://${HOSTS.main}/blog?myLocale=en`);
    expect(guide.ru).toBe('https://blog.polybrowser-ru.example/');
    expect(switcherLinks(text(`${HOSTS.main}/docs/local-api.html`)).pt).toBe(`https://${HOSTS.main}/pt/docs/api-local`);
    expect(switcherLinks(text(`${HOSTS.main}/docs/local-api.html`)).fr).toBe(`https://${HOSTS.main}/fr`);
    expect(switcherLinks(text(`${HOSTS.main}/solutions/betting.html`)).vn).toBe(`https://${HOSTS.main}/vn/solutions`);
  });

  it('writes sitemaps that validate against the sitemaps.org schema and list every indexable page once', async () => {
    const schemas = ['sitemap.xsd', 'xhtml-link.xsd', 'urlset.xsd', 'siteindex.xsd'].map((f) => ({ fileName: f, contents: readFileSync(join(ROOT, 'src/check/schemas', f), 'utf8') }));
    const listed: string[] = [];
    for (const [host, locales] of [[HOSTS.main, ALL.filter((l) => !['zh', 'ru'].includes(l))], [HOSTS.zh, ['zh']], [HOSTS.ru, ['ru']]] as const) {
      const index = text(`${host}/index-sitemap.xml`);
      expect(text(`${host}/sitemap.xml`)).toBe(index);
      const indexCheck = await validateXML({ xml: [{ fileName: 'index.xml', contents: index }], schema: [schemas[3]!] });
      expect(indexCheck.errors).toEqual([]);
      for (const l of locales) {
        const file = { en: 'en-US', zh: 'zh-CN', ru: 'ru-RU', vn: 'vi-VN', es: 'es-ES', pt: 'pt-PT', tr: 'tr-TR', th: 'th-TH', fr: 'fr-FR', uk: 'uk-UA', ko: 'ko-KR', hi: 'hi-IN', jp: 'ja-JP', tc: 'zh-TW' }[l]!;
        expect(index).toContain(`<loc>https://${host}/${file}-sitemap.xml</loc>`);
        const xml = text(`${host}/${file}-sitemap.xml`);
        const check = await validateXML({ xml: [{ fileName: `${file}.xml`, contents: xml }], schema: [schemas[2]!], preload: [schemas[0]!, schemas[1]!] });
        expect(check.errors, file).toEqual([]);
        listed.push(...[...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
      }
      expect(text(`${host}/robots.txt`)).toContain(`Sitemap: https://${host}/index-sitemap.xml`);
    }
    const indexable = result.pages.filter((p) => p.indexable).map((p) => p.url).sort();
    expect([...listed].sort()).toEqual(indexable);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives sitemap URLs the lastmod of their content and the hreflang cluster of the page', () => {
    const xml = text(`${HOSTS.main}/vi-VN-sitemap.xml`);
    const entry = /<url><loc>https:\/\/www\.polybrowser\.example\/vn\/blog\/proxy-setup-guide<\/loc>(.*?)<\/url>/.exec(xml)?.[1] ?? '';
    expect(entry).toContain('<lastmod>2026-08-04</lastmod>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.polybrowser.example/blog/proxy-setup-guide"/>');
    expect(entry).toContain('hreflang="zh-CN" href="https://www.polybrowser-cn.example/blog/proxy-setup-guide"');
    expect(xml).not.toContain('/error/');
    expect(xml).not.toContain('/_icons');
  });

  it('emits an edge configuration that its schema accepts', () => {
    const edge = edgeConfigSchema.parse(JSON.parse(text('edge-config.json')));
    expect(edge.languageHosts).toEqual({ en: 'main', zh: 'zh', ru: 'ru' });
    expect(edge.russianBlog.lookup['proxy-setup-guide']).toBe('/stati/nastrojka-proksi');
  });

  it('writes HTML that validates on every page of every locale, as strictly as the Nu checker', async () => {
    // The configuration sitegen check uses (heading levels included), with the three rules it leaves
    // to its own checks (duplicate ids, alt text, empty title) on again: every HTML file of every
    // host, 404 pages included (.vercel/output/static holds byte-identical copies of the same files).
    const validator = validatorFor({ ...HTML_VALIDATE_CONFIG, rules: { ...HTML_VALIDATE_CONFIG.rules, 'no-dup-id': 'error', 'wcag/h37': 'error', 'empty-title': 'error' } });
    const files = [...result.output.keys()].filter((path) => path.endsWith('.html') && Object.values(HOSTS).some((host) => path.startsWith(`${host}/`)));
    // Every page, and the 404.html of each locale root.
    expect(files).toHaveLength(result.pages.length + ALL.length);
    const messages: string[] = [];
    for (const path of files) {
      const report = await validator.validateString(text(path), path);
      messages.push(...report.results.flatMap((r) => r.messages.map((m) => `${path}:${m.line}:${m.column} ${m.ruleId} ${m.message}`)));
    }
    expect(messages.slice(0, 30)).toEqual([]);
    // A ceiling for a hang, not a speed: 1 182 pages take ~35 s on a quiet machine and over 3 minutes
    // when other jobs keep both cores busy (the default 180 s stopped it in CI at load 22).
  }, 900_000);

  it('gives every page one h1, alt text on every image, a skip link and a main landmark', () => {
    for (const page of result.pages) {
      const html = text(page.outputPath);
      expect(html.match(/<h1[ >]/g), page.url).toHaveLength(1);
      expect(html.match(/<img(?![^>]*\balt=)[^>]*>/g), page.url).toBeNull();
      expect(html).toContain('<main id="main"');
      if (page.layout === 'default') expect(html).toContain('class="skip-link" href="#main"');
    }
  });

  it('has no broken links: every link to an own host reaches an emitted page or file', () => {
    const hosts = Object.values(HOSTS);
    const missing = new Set<string>();
    for (const page of result.pages) {
      const html = text(page.outputPath);
      for (const [, raw] of html.matchAll(/\s(?:href|src)="([^"#?]+)[^"]*"/g)) {
        const href = raw!.replace(/&amp;/g, '&');
        let host = page.outputPath.split('/')[0]!;
        let path = href;
        const absolute = /^https:\/\/([^/]+)(\/.*)?$/.exec(href);
        if (absolute) {
          if (!hosts.includes(absolute[1] as never)) continue;
          host = absolute[1]!;
          path = absolute[2] ?? '/';
        } else if (!href.startsWith('/')) continue;
        const file = /\.[a-z0-9]+$/i.test(path) ? `${host}${path}` : (path === '/' ? `${host}/index.html` : `${host}${path}.html`);
        if (!result.output.has(file)) missing.add(`${page.url} → ${href}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('shows each locale its own language, not English copies', () => {
    const enHome = text(`${HOSTS.main}/index.html`);
    const h1 = (html: string) => /<h1>([^<]+)<\/h1>/.exec(html)?.[1];
    for (const l of ALL.filter((x) => x !== 'en')) {
      const home = text(fileOf(l, '/'));
      expect(h1(home), l).toBeTruthy();
      expect(h1(home), l).not.toBe(h1(enHome));
    }
  });
});
