import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.js';
import { parseHtml } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/** Built HTML of the sample site: what a visitor and a search engine read. */
let result: BuildResult;
beforeAll(async () => {
  result = await sampleSite();
});
const text = (path: string) => new TextDecoder().decode(result.output.get(path)!);

describe('titles', () => {
  it('never name the brand twice ("…：PolyBrowser | PolyBrowser"), in any locale', () => {
    const repeated = result.pages.flatMap((page) => {
      const title = /<title>([^<]*)<\/title>/.exec(text(page.outputPath))?.[1] ?? '';
      return (title.match(/PolyBrowser/g) ?? []).length > 1 ? [`${page.url}: ${title}`] : [];
    });
    expect(repeated).toEqual([]);
  });

  it('still end with the brand where the page\'s own title does not name it', () => {
    const pricing = result.pages.find((p) => p.key === 'pricing' && p.locale === 'ru')!;
    expect(/<title>([^<]*)<\/title>/.exec(text(pricing.outputPath))?.[1]).toBe('Цены | PolyBrowser');
    const alternative = result.pages.find((p) => p.key === 'alternatives/gologin' && p.locale === 'zh')!;
    expect(/<title>([^<]*)<\/title>/.exec(text(alternative.outputPath))?.[1]).toBe('GoLogin 替代方案：PolyBrowser');
  });
});

describe('use-case cards', () => {
  // The words the use-case titles started or ended with, in the locales that had them.
  const SECTION_WORD = /use case|caso de uso|활용 사례|活用例/i;

  it('do not repeat "Use case" in front of every title, on the use-case lists and the home page', () => {
    const pages = result.pages.filter((p) => p.key === 'use-cases' || p.key === 'home');
    expect(pages.length).toBeGreaterThanOrEqual(28);
    const titles = pages.flatMap((page) => {
      const doc = parseHtml(text(page.outputPath));
      const grid = page.key === 'home' ? [...doc.querySelectorAll('.card-grid')].find((g) => g.querySelector('a[href*="/use-cases/"]')) : doc.querySelector('.card-grid');
      return [...(grid?.querySelectorAll('.card-title') ?? [])].map((h) => `${page.locale}: ${h.textContent}`);
    });
    expect(titles.length).toBeGreaterThan(100);
    expect(titles.filter((t) => SECTION_WORD.test(t))).toEqual([]);
  });
});
