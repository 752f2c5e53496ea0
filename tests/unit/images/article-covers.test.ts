import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { articleCoverSvg } from '../../../src/images/article-covers.js';
import { baseFiles, blogPost, buildFixture, errorsOf, htmlAt, MAIN, markdown, outputDifferences, RU, ZH } from '../../helpers/fixture.js';
import { parseHtml } from '../../helpers/html.js';

const files = () => ({
  ...baseFiles(),
  'content/en/blog/a.md': blogPost({ title: 'How to warm up new accounts' }),
  'content/en/blog/b.md': blogPost({ title: 'Proxy types compared' }),
  'content/ko/blog/a.md': blogPost({ title: '새 계정을 안전하게 준비하는 방법' }),
  'content/en/blog/c.md': blogPost({ title: 'Has its own', cover: '/images/own.svg' }),
  'content/public/images/own.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="420"/>',
  'content/en/news/d.md': markdown({ title: 'How to warm up new accounts', description: 'News.', date: '2026-03-02', author: 'Team', category: 'product' }),
  'content/en/helps/e.md': markdown({ title: 'Install the client', description: 'Help.' }),
});

const coverOf = (html: string) => parseHtml(html).querySelector('img.article-cover');

describe('generated article covers', () => {
  it('give each article without a cover an SVG of its own, the same in every build', async () => {
    const [first, second] = [await buildFixture(files()), await buildFixture(files())];
    expect(errorsOf(first)).toEqual([]);
    expect(outputDifferences(first, second)).toEqual([]);
    const covers = ['/blog/a', '/blog/b', '/ko/blog/a', '/news/d'].map((route) => {
      const img = coverOf(htmlAt(first, `${MAIN}${route}.html`))!;
      expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')], route).toEqual(['1200', '630', '']);
      const src = img.getAttribute('src')!;
      expect(src, route).toMatch(/^\/assets\/covers\/[a-d]-[0-9a-f]{10}\.svg$/);
      // Served by the host whose pages show it, and by no other.
      expect([ZH, RU].filter((host) => first.output.has(`${host}${src}`)), route).toEqual([]);
      return first.output.get(`${MAIN}${src}`)!;
    });
    // Four articles, four pictures: the same title in another section (news/d and blog/a) differs too.
    expect(new Set(covers.map((bytes) => Buffer.from(bytes).toString('hex'))).size).toBe(4);
    for (const bytes of covers) {
      // A real image to an SVG renderer (librsvg, through sharp), of the size the page states.
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'svg', width: 1200, height: 630 });
      expect(bytes.byteLength).toBeLessThan(6_000);
    }
  });

  it('keep a written cover, and give none to sections that take no cover', async () => {
    const result = await buildFixture(files());
    expect(coverOf(htmlAt(result, `${MAIN}/blog/c.html`))!.getAttribute('src')).toBe('/images/own.svg');
    expect(coverOf(htmlAt(result, `${MAIN}/helps/e.html`))).toBeNull();
    // The list's cards show the generated covers too.
    const cards = [...parseHtml(htmlAt(result, `${MAIN}/blog.html`)).querySelectorAll('img.card-cover')].map((img) => img.getAttribute('src'));
    expect(cards).toEqual(expect.arrayContaining([coverOf(htmlAt(result, `${MAIN}/blog/a.html`))!.getAttribute('src'), '/images/own.svg']));
  });

  it('draw no text: a title cannot put markup into the picture, and every language gets the same kind of cover', () => {
    const svg = articleCoverSvg('</svg><script>alert(1)</script> & "quotes" <text>', 'blog');
    expect(svg).not.toMatch(/script|alert|quotes|&|<text/);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(articleCoverSvg('浏览器指纹是什么', 'blog')).not.toBe(articleCoverSvg('浏览器指纹是什么', 'news'));
    expect(articleCoverSvg('A', 'guide')).toBe(articleCoverSvg('A', 'guide'));
  });
});
