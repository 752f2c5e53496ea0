import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../../src/build.js';
import { sitemapFiles } from '../../../src/render/sitemaps.js';
import { baseFiles, blogPost, buildFixture, htmlAt, MAIN, markdown, RU, simplePage, ZH } from '../../helpers/fixture.js';
import { headLinks, parseHtml, switcherLinks } from '../../helpers/html.js';

/** One small site with the pages these tests look at; built once. */
let site: BuildResult;
beforeAll(async () => {
  const files: Record<string, string> = {
    ...baseFiles(),
    'content/en/blog/one.md': blogPost({ title: 'One </script><script>alert(1)</script>', date: '2026-01-01', tags: ['proxy'] }),
    'content/en/blog/two.md': blogPost({ title: 'Two', date: '2026-01-02', tags: ['proxy', 'security'] }),
    'content/en/blog/three.md': blogPost({ title: 'Three', date: '2026-01-03', category: 'industry', tags: [] }),
    'content/en/blog/page-two.md': blogPost({ title: 'Four', date: '2026-01-04', tags: ['automation'] }, 'Text with <img src=x onerror=alert(1)> and [out](https://elsewhere.example/).'),
    'content/vn/blog/one.md': blogPost({ title: 'Một', date: '2026-01-01' }),
    'content/zh/blog/one.md': blogPost({ title: '一', date: '2026-01-01' }),
    'content/en/helps/start.md': simplePage('Start'),
    'content/fr/helps/start.md': simplePage('Démarrer'),
  };
  site = await buildFixture(files, { pageSize: 2 });
  expect(site.ok).toBe(true);
}, 120_000);

describe('list pages', () => {
  it('paginate under /page/N with rel prev/next', () => {
    const first = htmlAt(site, `${MAIN}/blog.html`);
    const second = htmlAt(site, `${MAIN}/blog/page/2.html`);
    expect(first).toContain(`<link rel="next" href="https://${MAIN}/blog/page/2"/>`);
    expect(first).not.toContain('rel="prev"');
    expect(second).toContain(`<link rel="prev" href="https://${MAIN}/blog"/>`);
    expect(site.output.has(`${MAIN}/blog/page/3.html`)).toBe(false);
    // An article whose slug starts with "page" does not collide with the pagination URLs.
    expect(site.output.has(`${MAIN}/blog/page-two.html`)).toBe(true);
  });

  it('link the first and last page and a window around the current one, however long the list', async () => {
    const files: Record<string, string> = { ...baseFiles() };
    for (let i = 1; i <= 30; i++) files[`content/en/blog/a${i}.md`] = blogPost({ title: `A${i}`, date: `2026-01-${String(i).padStart(2, '0')}`, tags: [] });
    const long = await buildFixture(files, { pageSize: 2 });
    const nav = (path: string) => [...parseHtml(htmlAt(long, path)).querySelectorAll('.pagination li')].map((li) => li.textContent);
    expect(nav(`${MAIN}/blog/page/7.html`)).toEqual(['1', '…', '5', '6', '7', '8', '9', '…', '15']);
    expect(nav(`${MAIN}/blog.html`)).toEqual(['1', '2', '3', '…', '15']);
    expect(nav(`${MAIN}/blog/page/15.html`)).toEqual(['1', '…', '13', '14', '15']);
    // A gap never hides a single number.
    expect(nav(`${MAIN}/blog/page/5.html`)).toEqual(['1', '2', '3', '4', '5', '6', '7', '…', '15']);
    expect(nav(`${MAIN}/blog/page/12.html`)).toEqual(['1', '…', '10', '11', '12', '13', '14', '15']);
    const seventh = parseHtml(htmlAt(long, `${MAIN}/blog/page/7.html`));
    expect(seventh.querySelector('.pagination a[aria-label="Page 9"]')?.getAttribute('href')).toBe(`https://${MAIN}/blog/page/9`);
    expect(seventh.querySelector('.pagination [aria-current="page"]')?.textContent).toBe('7');
  }, 120_000);

  it('list newest first, with category and tag pages that exist only where articles do', () => {
    const doc = parseHtml(htmlAt(site, `${MAIN}/blog.html`));
    expect([...doc.querySelectorAll('.card-title a')].map((a) => a.textContent)).toEqual(['Four', 'Three']);
    expect(site.output.has(`${MAIN}/blog-tutorials/security.html`)).toBe(true);
    expect(site.output.has(`${MAIN}/blog-industry/proxy.html`)).toBe(false);
    expect(site.output.has(`${MAIN}/news.html`)).toBe(false);
  });
});

describe('article pages', () => {
  it('escape < in JSON-LD so a title cannot end the script', () => {
    const html = htmlAt(site, `${MAIN}/blog/one.html`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(blocks.find((b) => b['@type'] === 'Article').headline).toBe('One </script><script>alert(1)</script>');
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `https://${MAIN}/`, `https://${MAIN}/blog`, `https://${MAIN}/blog/one`,
    ]);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('sanitise raw HTML and mark external links', () => {
    const html = htmlAt(site, `${MAIN}/blog/page-two.html`);
    expect(html).not.toContain('onerror');
    expect(html).toContain('<a href="https://elsewhere.example/" target="_blank" rel="noopener noreferrer">out</a>');
  });

  it('link the translations of an article, and only those, as alternates', () => {
    const head = headLinks(htmlAt(site, `${MAIN}/vn/blog/one.html`));
    expect(head.canonical).toBe(`https://${MAIN}/vn/blog/one`);
    expect(head.alternates).toEqual([
      { hreflang: 'en', href: `https://${MAIN}/blog/one` },
      { hreflang: 'zh-CN', href: `https://${ZH}/blog/one` },
      { hreflang: 'vi', href: `https://${MAIN}/vn/blog/one` },
      { hreflang: 'x-default', href: `https://${MAIN}/blog/one` },
    ]);
    expect(headLinks(htmlAt(site, `${MAIN}/blog/two.html`)).alternates).toEqual([
      { hreflang: 'en', href: `https://${MAIN}/blog/two` },
      { hreflang: 'x-default', href: `https://${MAIN}/blog/two` },
    ]);
  });
});

describe('language switcher', () => {
  it('sends blog pages to the section root of each language, the Russian blog for ru, home where there is no blog', () => {
    const links = switcherLinks(htmlAt(site, `${MAIN}/blog/two.html`));
    expect(links.vn).toBe(`https://${MAIN}/vn/blog`);
    expect(links.zh).toBe(`https://${ZH}/blog`);
    expect(links.ru).toBe('https://blog.polybrowser-ru.example/');
    expect(links.fr).toBe(`https://${MAIN}/fr`);
  });

  it('keeps the visitor on the same page where the other language has it', () => {
    const links = switcherLinks(htmlAt(site, `${MAIN}/pricing.html`));
    expect(links.jp).toBe(`https://${MAIN}/jp/pricing`);
    expect(links.ru).toBe(`https://${RU}/pricing`);
  });
});

describe('standalone pages', () => {
  it('price plans in the currency of the locale, the others kept for the currency switch', () => {
    const vn = parseHtml(htmlAt(site, `${MAIN}/vn/pricing.html`));
    expect(vn.querySelector('#plan-base')!.closest('section')!.querySelector('.price-amount')!.textContent).toBe('249K\u00a0₫');
    const en = parseHtml(htmlAt(site, `${MAIN}/pricing.html`));
    const base = en.querySelector('#plan-base')!.closest('section')!;
    expect(base.querySelector('.price-amount')!.textContent).toBe('$9.9');
    expect([...base.querySelectorAll('.price-amount.price-other')].map((e) => e.textContent)).toEqual(['R$\u00a049.9', '39\u00a0zł', '249K\u00a0₫']);
  });

  it('link registration and login with rel=official_website and the locale', () => {
    const html = htmlAt(site, `${MAIN}/tr/pricing.html`);
    expect(html).toContain('href="https://app.polybrowser.example/register?rel=official_website&amp;lang=tr"');
    expect(html).toContain('href="https://app.polybrowser.example/login?rel=official_website&amp;lang=tr"');
  });

  it('offer the five client downloads with their API system names', () => {
    const doc = parseHtml(htmlAt(site, `${MAIN}/download.html`));
    expect([...doc.querySelectorAll('[data-download-system]')].map((a) => a.getAttribute('data-download-system'))).toEqual(['com_win64', 'com_win32', 'com_mac', 'com_arm64', 'com_linux']);
  });

  it('serve a 404 page per locale root that shows no path of its own: the one file answers every unknown path', () => {
    const vn = parseHtml(htmlAt(site, `${MAIN}/vn/404.html`));
    expect(vn.documentElement.getAttribute('lang')).toBe('vi');
    const en = parseHtml(htmlAt(site, `${MAIN}/404.html`));
    // Before, a visitor without JavaScript read "Page not found: /error/404": the file's own path.
    const slot = en.querySelector('[data-not-found-path]')!;
    expect(slot.hasAttribute('hidden')).toBe(true);
    expect(slot.querySelector('code')!.textContent).toBe('');
    expect(htmlAt(site, `${MAIN}/404.html`)).not.toContain('/error/404</code>');
    // "Page not found" once: the heading; the path sentence does not say it again.
    expect([...en.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Page not found']);
    expect(en.body.textContent!.match(/page not found/gi)).toHaveLength(1);
    expect(htmlAt(site, `${MAIN}/404.html`)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(site.output.has(`${ZH}/404.html`) && site.output.has(`${RU}/404.html`)).toBe(true);
  });

  it('give the 404 page the site header and footer, a way home and back, and the main sections as search results', () => {
    const en = parseHtml(htmlAt(site, `${MAIN}/404.html`));
    expect(en.querySelector('header.site-header nav')).not.toBeNull();
    expect(en.querySelector('footer.site-footer')).not.toBeNull();
    expect(en.querySelector('.not-found-actions a')!.getAttribute('href')).toBe(`https://${MAIN}/`);
    expect(en.querySelector('.not-found-actions [data-go-back]')!.hasAttribute('hidden')).toBe(true);
    const results = [...en.querySelectorAll('.not-found-links > li')].map((li) => ({
      title: li.querySelector('.not-found-link-title')!.textContent,
      href: li.querySelector('a')!.getAttribute('href'),
      address: li.querySelector('.not-found-link-url')!.textContent,
    }));
    expect(results.map((r) => r.title)).toEqual(['Pricing', 'Download', 'Blog', 'Help center', 'Frequently asked questions']);
    expect(results[0]).toEqual({ title: 'Pricing', href: `https://${MAIN}/pricing`, address: `${MAIN} › pricing` });
    // The language switcher of a page served at any unknown path leads to each language's home.
    expect(switcherLinks(htmlAt(site, `${MAIN}/vn/404.html`))).toMatchObject({ en: `https://${MAIN}/?myLocale=en`, fr: `https://${MAIN}/fr`, zh: `https://${ZH}/`, ru: `https://${RU}/` });
  });

  it('give the 502 screen its messages, a 5 s countdown and the back target of spec §2', () => {
    const en = parseHtml(htmlAt(site, `${MAIN}/error/502.html`));
    expect(en.querySelector('h1')!.textContent).toBe('Something went wrong on our side.');
    expect(en.querySelector('[data-countdown]')!.textContent).toBe('5');
    expect(en.querySelector('[data-error-screen] a.btn')!.getAttribute('href')).toBe(`https://${MAIN}/blog`);
    const ru = parseHtml(htmlAt(site, `${RU}/error/502.html`));
    expect(ru.querySelector('[data-error-screen] a.btn')!.getAttribute('href')).toBe(`https://${RU}/`);
  });

  it('show the header menu with the spec entries that exist in the locale', () => {
    const doc = parseHtml(htmlAt(site, `${MAIN}/index.html`));
    const items = [...doc.querySelectorAll('.nav-list:not(.nav-product) a')].map((a) => a.getAttribute('href'));
    expect(items).toEqual([
      `https://${MAIN}/blog`, `https://${MAIN}/links`, 'https://chat.polybrowser.example/polybrowser', `https://${MAIN}/helps`, 'https://video.polybrowser.example/@polybrowser',
    ]);
    const ru = parseHtml(htmlAt(site, `${RU}/index.html`));
    expect([...ru.querySelectorAll('.nav-list:not(.nav-product) a')].map((a) => a.getAttribute('href'))).toContain('https://blog.polybrowser-ru.example/');
  });
});

describe('sitemaps', () => {
  it('split a locale past the URL limit into numbered files, all listed in the index', async () => {
    const files = [...sitemapFiles(site.pages, site.config!, { urls: 10, bytes: 50 * 1024 * 1024 })];
    const names = files.map((f) => f.path).filter((p) => p.startsWith(`${MAIN}/en-US-sitemap`));
    const enPages = site.pages.filter((p) => p.locale === 'en' && p.indexable).length;
    expect(names).toHaveLength(Math.ceil(enPages / 10));
    expect(names).toContain(`${MAIN}/en-US-sitemap-2.xml`);
    const index = String(files.find((f) => f.path === `${MAIN}/index-sitemap.xml`)!.contents);
    for (const name of names) expect(index).toContain(`<loc>https://${name}</loc>`);
    const urls = files.filter((f) => names.includes(f.path)).flatMap((f) => [...String(f.contents).matchAll(/<url><loc>/g)]);
    expect(urls).toHaveLength(enPages);
  });
});

describe('determinism', () => {
  it('gives byte-identical output whatever the time zone', async () => {
    const files = { ...baseFiles(), 'content/en/blog/one.md': blogPost({ date: '2026-01-01' }), 'content/en/helps/a.md': markdown({ title: 'A', description: 'B', date: '2026-12-31' }) };
    const previous = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      const a = await buildFixture(files);
      process.env.TZ = 'America/Adak';
      const b = await buildFixture(files);
      expect([...b.output.keys()]).toEqual([...a.output.keys()]);
      for (const [path, bytes] of a.output) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(b.output.get(path)!)), path).toBe(0);
    } finally {
      process.env.TZ = previous;
    }
  });
});

describe('calls to action', () => {
  it('never link to the page they are on', () => {
    const pricing = parseHtml(htmlAt(site, `${MAIN}/pricing.html`));
    expect([...pricing.querySelectorAll('.cta-band a')].map((a) => a.getAttribute('href'))).toEqual([`https://${MAIN}/download`]);
  });
});
