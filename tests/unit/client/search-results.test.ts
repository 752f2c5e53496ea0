import { describe, expect, it } from 'vitest';
import { countText, fill, toResult } from '../../../client/search/results.js';

describe('search results as the island shows them (client/search/results.ts)', () => {
  it('keeps a path of this host, its title, and the excerpt as text with the matches marked', () => {
    expect(toResult({ url: '/vn/blog/x', meta: { title: 'Ngựa &amp; vằn' }, excerpt: 'một <mark>ngựa</mark> vằn &lt;b&gt; và <mark>sọc</mark>' })).toEqual({
      url: '/vn/blog/x',
      title: 'Ngựa & vằn',
      excerpt: [{ text: 'một ', mark: false }, { text: 'ngựa', mark: true }, { text: ' vằn <b> và ', mark: false }, { text: 'sọc', mark: true }],
    });
  });

  it('never makes a link off the visitor\'s host, or markup of the excerpt', () => {
    for (const url of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example/', 'x', '/a\nb', 42, undefined]) {
      expect(toResult({ url, meta: { title: 't' }, excerpt: '' }), String(url)).toBeUndefined();
    }
    const hostile = toResult({ url: '/x', excerpt: '<img src=x onerror=alert(1)><mark><script>a()</script></mark>' })!;
    expect(hostile.excerpt).toEqual([{ text: '<img src=x onerror=alert(1)>', mark: false }, { text: '<script>a()</script>', mark: true }]);
    // No title: the path stands for it.
    expect(hostile.title).toBe('/x');
  });

  it('decodes the entities an excerpt holds, and leaves anything else as it is', () => {
    expect(toResult({ url: '/x', excerpt: '&#x27;a&#39; &quot;b&quot; &nbsp;&unknown; &#0; &#xD800;' })!.excerpt[0]!.text).toBe('\'a\' "b" \u00a0&unknown; &#0; &#xD800;');
  });

  it('picks the count line\'s plural form by the page\'s language and fills in {n} and {query} as text', () => {
    const ru = { one: '{n} результат по запросу «{query}»', few: '{n} результата по запросу «{query}»', many: '{n} результатов по запросу «{query}»', other: '{n} результата' };
    expect(countText(ru, 'ru', 1, 'прокси')).toBe('1 результат по запросу «прокси»');
    expect(countText(ru, 'ru', 3, 'прокси')).toBe('3 результата по запросу «прокси»');
    expect(countText(ru, 'ru', 25, 'прокси')).toBe('25 результатов по запросу «прокси»');
    const en = { one: '{n} result for “{query}”', other: '{n} results for “{query}”' };
    expect(countText(en, 'en', 1, 'proxy')).toBe('1 result for “proxy”');
    expect(countText(en, 'en', 2, '{n} $& <b>')).toBe('2 results for “{n} $& <b>”');
    expect(countText({ other: '「{query}」の検索結果 {n} 件' }, 'ja', 1, 'プロキシ')).toBe('「プロキシ」の検索結果 1 件');
    expect(fill('Nothing for “{query}”', 0, '$1')).toBe('Nothing for “$1”');
  });
});
