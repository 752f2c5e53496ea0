import { describe, expect, it } from 'vitest';
import { getLocale } from '../../../src/model/locale-table.js';
import type { ImageFact } from '../../../src/model/images.js';
import { renderMarkdown } from '../../../src/parse/markdown.js';

const hosts = { main: 'https://www.polybrowser.example', zh: 'https://www.polybrowser-cn.example', ru: 'https://www.polybrowser-ru.example' };
const context = (code: 'en' | 'vn' | 'zh') => ({ locale: getLocale(code), hosts, ownDomains: ['polybrowser.example'], partnerDomains: ['skyproxy.example'] });

describe('renderMarkdown', () => {
  it('removes scripts, event handlers, javascript: URLs and iframes from raw HTML', () => {
    const md = [
      '<script>alert(1)</script>',
      '<img src="/x.png" onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="javascript:alert(4)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<kbd>Ctrl</kbd> <details><summary>More</summary>Text</details>',
    ].join('\n\n');
    const { html } = renderMarkdown(md, context('en'), 0);
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<details>');
  });

  it('adds the locale prefix to site links written without one and records them with positions', () => {
    const { html, links } = renderMarkdown('Intro\n\nSee [pricing](/pricing) and [faq](/faq#refunds).', context('vn'), 5);
    expect(html).toContain('href="/vn/pricing"');
    expect(html).toContain('href="/vn/faq#refunds"');
    expect(links).toEqual([
      expect.objectContaining({ kind: 'page', path: '/vn/pricing', host: 'main', written: '/pricing', position: { line: 8, column: 5 } }),
      expect.objectContaining({ kind: 'page', path: '/vn/faq', written: '/faq#refunds' }),
    ]);
  });

  it('links another locale on another host absolutely', () => {
    const { html, links } = renderMarkdown('[en](/es/pricing)', context('zh'), 0);
    expect(html).toContain('href="https://www.polybrowser.example/es/pricing"');
    expect(links[0]).toMatchObject({ path: '/es/pricing', host: 'main' });
  });

  it('opens external links with noopener noreferrer, and treats own and partner domains as internal', () => {
    const { html } = renderMarkdown('[a](https://elsewhere.example/) [b](https://skyproxy.example/) [c](https://blog.polybrowser.example/x)', context('en'), 0);
    expect(html).toContain('<a href="https://elsewhere.example/" target="_blank" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="https://skyproxy.example/">b</a>');
    expect(html).toContain('<a href="https://blog.polybrowser.example/x">c</a>');
  });

  it('keeps asset paths unprefixed and reports images and files apart from pages', () => {
    const { html, links } = renderMarkdown('![chart](/images/chart.png) [manual](/files/manual.pdf)', context('vn'), 0);
    expect(html).toContain('src="/images/chart.png"');
    expect(links.map((l) => `${l.kind} ${l.path}`)).toEqual(['image /images/chart.png', 'asset /files/manual.pdf']);
  });

  it('writes GFM column alignment as classes, not the align attribute HTML no longer has', () => {
    const { html } = renderMarkdown('| a | b | c | d |\n| :-- | :-: | --: | --- |\n| 1 | 2 | 3 | 4 |', context('en'), 0);
    expect(html).not.toContain('align=');
    expect(html).toContain('<th class="align-left">a</th>');
    expect(html).toContain('<td class="align-center">2</td>');
    expect(html).toContain('<td class="align-right">3</td>');
    expect(html).toContain('<td>4</td>');
  });

  describe('images', () => {
    const facts = new Map<string, ImageFact>([
      ['/images/a.png', { kind: 'raster', width: 400, height: 300, key: 'k', variants: [
        { format: 'avif', density: 1, width: 400, height: 300, path: '/assets/images/a-k@1x.avif' },
        { format: 'avif', density: 2, width: 800, height: 600, path: '/assets/images/a-k@2x.avif' },
        { format: 'webp', density: 1, width: 400, height: 300, path: '/assets/images/a-k@1x.webp' },
        { format: 'webp', density: 2, width: 800, height: 600, path: '/assets/images/a-k@2x.webp' },
      ] }],
      ['/images/b.svg', { kind: 'vector', width: 120, height: 60 }],
    ]);

    it('places a raster image as <picture> with avif and webp at 1x and 2x, its size, and the original as fallback', () => {
      const { html } = renderMarkdown('![A chart](/images/a.png)', context('en'), 0, { facts, firstIsLead: false });
      expect(html).toBe('<p><picture><source type="image/avif" srcset="/assets/images/a-k@1x.avif 1x, /assets/images/a-k@2x.avif 2x">'
        + '<source type="image/webp" srcset="/assets/images/a-k@1x.webp 1x, /assets/images/a-k@2x.webp 2x">'
        + '<img src="/images/a.png" alt="A chart" width="400" height="300" loading="lazy" decoding="async"></picture></p>');
    });

    it('loads the first image eagerly and first when the page has no cover, and every later one lazily', () => {
      const md = '![one](/images/b.svg)\n\n![two](/images/a.png)\n\n<img src="/images/b.svg" alt="three">';
      const lead = renderMarkdown(md, context('en'), 0, { facts, firstIsLead: true }).html;
      expect(lead.match(/<img [^>]*>/g)).toEqual([
        '<img src="/images/b.svg" alt="one" width="120" height="60" loading="eager" decoding="async" fetchpriority="high">',
        '<img src="/images/a.png" alt="two" width="400" height="300" loading="lazy" decoding="async">',
        '<img src="/images/b.svg" alt="three" width="120" height="60" loading="lazy" decoding="async">',
      ]);
      const covered = renderMarkdown(md, context('en'), 0, { facts, firstIsLead: false }).html;
      expect(covered.match(/loading="lazy"/g)).toHaveLength(3);
    });

    it('leaves images it knows nothing about (outside the site, or missing) as a lazy <img> without a size', () => {
      const { html } = renderMarkdown('![x](https://cdn.example/x.png) ![y](/images/missing.png)', context('en'), 0, { facts, firstIsLead: false });
      expect(html).toBe('<p><img src="https://cdn.example/x.png" alt="x" loading="lazy" decoding="async"> <img src="/images/missing.png" alt="y" loading="lazy" decoding="async"></p>');
    });
  });

  it('demotes a stray h1 (the template owns the page title), ids headings and wraps tables', () => {
    const { html, headings } = renderMarkdown('# Title\n\n## Set up\n\n| a | b |\n|---|---|\n| 1 | 2 |', context('en'), 0);
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2 id="set-up">Set up</h2>');
    expect(headings).toContainEqual({ id: 'set-up', text: 'Set up', depth: 2, position: { line: 3, column: 1 } });
    expect(html).toContain('<div class="table-wrap"><table>');
  });

  it('turns GFM autolink literals into links (www., http(s)://, e-mail), but not inside links or code', () => {
    const { html } = renderMarkdown('See www.example.org, https://example.net/a and help@example.com.\n\n[www.example.org](/pricing) `www.example.org`', context('en'), 0);
    expect(html).toContain('<a href="http://www.example.org" target="_blank" rel="noopener noreferrer">www.example.org</a>');
    expect(html).toContain('<a href="https://example.net/a" target="_blank" rel="noopener noreferrer">https://example.net/a</a>');
    expect(html).toContain('<a href="mailto:help@example.com">help@example.com</a>');
    expect(html).toContain('<a href="/pricing">www.example.org</a>');
    expect(html).toContain('<code>www.example.org</code>');
  });

  it('treats "<" in code and text as text (no raw HTML), and still parses and sanitises raw HTML beside it', () => {
    const code = renderMarkdown('Use `Map<string, number>` when a < b.\n\n```ts\nconst m = new Map<string, number>();\n```', context('en'), 0).html;
    expect(code).toContain('<code>Map&#x3C;string, number></code>');
    expect(code).toContain('a &#x3C; b');
    expect(code).toContain('new Map&#x3C;string, number>()');
    const mixed = renderMarkdown('`<b>` and <b>bold</b> <span onclick="x()">s</span>', context('en'), 0).html;
    expect(mixed).toBe('<p><code>&#x3C;b></code> and <b>bold</b> <span>s</span></p>');
  });

  it('gives repeated headings distinct ids, and keeps the id a raw heading brings (prefixed by the sanitiser)', () => {
    const { html, headings } = renderMarkdown('## Setup\n\n## Setup\n\n<h3 id="own">Own</h3>\n\n### Ünïcode & more', context('en'), 0);
    expect(headings.map((h) => h.id)).toEqual(['setup', 'setup-1', 'user-content-own', 'ünïcode--more']);
    expect(html).toContain('<h2 id="setup-1">Setup</h2>');
  });

  it('gives the first paragraph as an excerpt, without Markdown syntax', () => {
    expect(renderMarkdown('## Head\n\nThe **first** [para](/x).\n\nSecond.', context('en'), 0).excerpt).toBe('The first para.');
  });
});
