import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * The sample site's social images, as a chat app or a search engine reads them: the tags in each
 * page's head, and the file those name, read back from the output by its URL.
 */
let result: BuildResult;
beforeAll(async () => {
  result = await sampleSite();
  expect(result.ok).toBe(true);
});

const ORIGIN_DIR: Record<string, string> = {
  'https://www.polybrowser.example': 'www.polybrowser.example',
  'https://www.polybrowser-cn.example': 'www.polybrowser-cn.example',
  'https://www.polybrowser-ru.example': 'www.polybrowser-ru.example',
};

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The head's meta tags by property or name (each once). */
function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return Object.fromEntries([...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

/** The og:image alt text of a locale, as its messages file words it, as a pattern: site name filled in, title and section caught. */
function altPatterns(locale: string): RegExp[] {
  const messages = parse(readFileSync(join(ROOT, 'content/messages', `${locale}.yaml`), 'utf8')) as { socialImage: { alt: string; altNoSection: string } };
  return [messages.socialImage.alt, messages.socialImage.altNoSection].map((text) => new RegExp(`^${text
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace('{site}', 'PolyBrowser')
    .replace('{title}', '(?<title>.+)')
    .replace('{section}', '(?<section>.+)')}$`, 'u'));
}

describe('social images of the sample site', () => {
  it('every indexable page names a 1200×630 PNG of its own host, with its size, type and an alt text in its language, and X\'s large card', () => {
    const indexable = result.pages.filter((p) => p.indexable);
    expect(indexable.length).toBeGreaterThan(1000);
    const images = new Set<string>();
    for (const page of indexable) {
      const meta = metaOf(new TextDecoder().decode(result.output.get(page.outputPath)!));
      const url = meta['og:image']!;
      expect(url, page.url).toMatch(/^https:\/\/[a-z.-]+\/assets\/og\/[0-9a-f]{20}\.png$/);
      const { origin, pathname } = new URL(url);
      expect(origin, page.url).toBe(new URL(page.url).origin);
      const png = result.output.get(`${ORIGIN_DIR[origin]}${pathname}`);
      expect(png, `${page.url}: ${url}`).toBeDefined();
      const view = new DataView(png!.buffer, png!.byteOffset, png!.byteLength);
      expect([...png!.subarray(0, 8)], url).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect([view.getUint32(16), view.getUint32(20)], url).toEqual([1200, 630]);
      expect([meta['og:image:type'], meta['og:image:width'], meta['og:image:height'], meta['twitter:card']], page.url).toEqual(['image/png', '1200', '630', 'summary_large_image']);
      const alt = meta['og:image:alt']!;
      expect(meta['twitter:image:alt'], page.url).toBe(alt);
      const match = altPatterns(page.locale).map((pattern) => pattern.exec(alt)).find(Boolean);
      expect(match, `${page.url}: ${alt}`).toBeTruthy();
      // An article's card shows its own title (not its SEO title).
      if (page.entry) expect(match!.groups!.title, page.url).toBe(page.entry.meta.title);
      images.add(url);
    }
    // Equal cards share one image; every image the output holds is one a page names.
    expect(result.social?.images).toBe(images.size);
    const files = [...result.output.keys()].filter((path) => /^[a-z.-]+\/assets\/og\//.test(path));
    expect(files.length).toBe(images.size);
  });

  it('no page that is not indexable (the 404 and 502 pages, the icon sprite, the search page) names one', () => {
    const others = result.pages.filter((p) => !p.indexable);
    expect(new Set(others.map((p) => p.section))).toEqual(new Set(['error-404', 'error-502', 'icons', 'search']));
    for (const page of others) {
      const meta = metaOf(new TextDecoder().decode(result.output.get(page.outputPath)!));
      expect(Object.keys(meta).filter((k) => k.startsWith('og:image') || k === 'twitter:image:alt'), page.url).toEqual([]);
      expect(meta['twitter:card'], page.url).toBe('summary');
    }
  });

  it('draws every character of every title of the sample site (no SOCIAL_IMAGE_GLYPHS warning)', () => {
    expect(result.diagnostics.filter((d) => d.code === 'SOCIAL_IMAGE_GLYPHS')).toEqual([]);
  });
});
