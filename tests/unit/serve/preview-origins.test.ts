import { describe, expect, it } from 'vitest';
import { originRewriter, previewLocation, previewOrigins } from '../../../src/serve/preview-origins.js';

const ORIGINS = { main: 'https://www.polybrowser.example', zh: 'https://www.polybrowser-cn.example', ru: 'https://www.polybrowser-ru.example' };
const rewrite = originRewriter(Object.values(ORIGINS));
const text = (input: string, host = 'localhost:4000', served = 'main') => new TextDecoder().decode(rewrite(new TextEncoder().encode(input), previewOrigins(host, ORIGINS, served, false)!));

describe('where a preview puts each host', () => {
  it('keeps the visitor on the name they used for the host served, and gives the other hosts their *.localhost name', () => {
    expect([...previewOrigins('localhost:4000', ORIGINS, 'main', false)!.byOrigin]).toEqual([
      ['https://www.polybrowser.example', 'http://localhost:4000'],
      ['https://www.polybrowser-cn.example', 'http://zh.localhost:4000'],
      ['https://www.polybrowser-ru.example', 'http://ru.localhost:4000'],
    ]);
    expect(previewOrigins('127.0.0.1:4000', ORIGINS, 'main', false)!.byOrigin.get(ORIGINS.main)).toBe('http://127.0.0.1:4000');
    expect(previewOrigins('[::1]:4000', ORIGINS, 'main', false)!.byOrigin.get(ORIGINS.main)).toBe('http://[::1]:4000');
    expect(previewOrigins('Main.Localhost:4000', ORIGINS, 'main', false)!.byOrigin.get(ORIGINS.main)).toBe('http://main.localhost:4000');
    const zh = previewOrigins('zh.localhost:4000', ORIGINS, 'zh', false)!.byOrigin;
    expect([zh.get(ORIGINS.main), zh.get(ORIGINS.zh)]).toEqual(['http://localhost:4000', 'http://zh.localhost:4000']);
    expect(previewOrigins('localhost', ORIGINS, 'main', false)!.byOrigin.get(ORIGINS.ru)).toBe('http://ru.localhost');
  });

  it('moves only the forced host under --host: the others are not served here', () => {
    expect([...previewOrigins('localhost:8080', ORIGINS, 'zh', true)!.byOrigin]).toEqual([['https://www.polybrowser-cn.example', 'http://localhost:8080']]);
  });

  it('rewrites nothing for a name that is not this machine\'s: a Host header never reaches the HTML', () => {
    for (const host of ['www.polybrowser.example', '192.168.1.20:4000', 'evil.example', 'localhost:4000"><script>alert(1)</script>', 'localhost.evil.example:4000', 'a.b.localhost:4000', undefined]) {
      expect(previewOrigins(host, ORIGINS, 'main', false), String(host)).toBeUndefined();
    }
  });
});

describe('rewriting links in a served file', () => {
  it('moves every configured origin that stands whole: attributes, text, query strings, JSON and its escaped form', () => {
    expect(text('<a href="https://www.polybrowser.example/pricing">')).toBe('<a href="http://localhost:4000/pricing">');
    expect(text("<a href='https://www.polybrowser-cn.example'>")).toBe("<a href='http://zh.localhost:4000'>");
    expect(text('<loc>https://www.polybrowser-ru.example/</loc>')).toBe('<loc>http://ru.localhost:4000/</loc>');
    expect(text('Sitemap: https://www.polybrowser.example/index-sitemap.xml\n')).toBe('Sitemap: http://localhost:4000/index-sitemap.xml\n');
    expect(text('{"errorBackUrl":"https://www.polybrowser.example"}')).toBe('{"errorBackUrl":"http://localhost:4000"}');
    expect(text('{"u":"https:\\/\\/www.polybrowser.example\\/blog"}')).toBe('{"u":"http:\\/\\/localhost:4000\\/blog"}');
    expect(text('https://www.polybrowser.example?x=1 https://www.polybrowser.example#top')).toBe('http://localhost:4000?x=1 http://localhost:4000#top');
    expect(text('data-x="{&quot;u&quot;:&quot;https://www.polybrowser.example&quot;}"')).toBe('data-x="{&quot;u&quot;:&quot;http://localhost:4000&quot;}"');
  });

  it('leaves look-alikes alone: longer hostnames, other ports, user info, other schemes and sites', () => {
    for (const same of [
      'https://www.polybrowser.example.evil.com/x',
      'https://www.polybrowser.example-evil.com/',
      'https://www.polybrowser.example:8443/',
      'https://www.polybrowser.example@evil.com/',
      'http://www.polybrowser.example/',
      'xhttps://www.polybrowser.example/',
      'https://api.polybrowser.example/v1',
      'https://blog.polybrowser-ru.example/',
      '//www.polybrowser.example/',
      'polybrowser.example',
    ]) expect(text(same), same).toBe(same);
  });

  it('returns the same bytes, untouched, when no configured host is in them (so their compressed copies stay cached)', () => {
    const bytes = new TextEncoder().encode('body { color: red }');
    expect(rewrite(bytes, previewOrigins('localhost:4000', ORIGINS, 'main', false)!)).toBe(bytes);
    const under = new TextEncoder().encode('https://www.polybrowser.example.evil.com/');
    expect(rewrite(under, previewOrigins('localhost:4000', ORIGINS, 'main', false)!)).toBe(under);
  });
});

describe('redirects in a preview', () => {
  const preview = previewOrigins('localhost:4000', ORIGINS, 'main', false)!;

  it('moves a redirect to a configured host onto its local origin, path, query and fragment kept', () => {
    expect(previewLocation('https://www.polybrowser-cn.example/pricing?ref=1#plans', preview)).toBe('http://zh.localhost:4000/pricing?ref=1#plans');
    expect(previewLocation('https://www.polybrowser.example/?myLocale=en', preview)).toBe('http://localhost:4000/?myLocale=en');
    expect(previewLocation('HTTPS://WWW.POLYBROWSER-RU.EXAMPLE/', preview)).toBe('http://ru.localhost:4000/');
  });

  it('never sends a visitor anywhere new: relative, foreign and malformed Locations are left as they are', () => {
    for (const location of [
      '/pricing',
      '//evil.example/x',
      'https://www.polybrowser.example.evil.com/',
      'https://www.polybrowser.example@evil.com/',
      'https://evil.example/https://www.polybrowser.example/',
      'https://blog.polybrowser-ru.example/x',
      'javascript:alert(1)',
      'https://[bad/',
    ]) expect(previewLocation(location, preview), location).toBe(location);
  });

  it('keeps a path that looks like an authority on the local host', () => {
    const moved = new URL(previewLocation('https://www.polybrowser.example//evil.example/x', preview));
    expect(moved.host).toBe('localhost:4000');
  });
});
