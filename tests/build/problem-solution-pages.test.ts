import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.js';
import { parseHtml } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * Issue 20: use-case and solution pages read as problem, how PolyBrowser helps, the features used
 * (linked to their pages) and a call to action, with headings that never skip a level.
 */
let result: BuildResult;
const doc = (path: string) => parseHtml(new TextDecoder().decode(result.output.get(path)!));

beforeAll(async () => {
  result = await sampleSite();
});

/** The headings of <main> in document order, as "h2 text". */
const outline = (page: Document) => [...page.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map((h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim()}`);

describe('use-case and solution pages', () => {
  it('show the four parts under h2s, the body and the feature cards under h3s', () => {
    const page = doc('www.polybrowser.example/use-cases/traffic.html');
    expect(outline(page)).toEqual([
      'h1 Working with traffic sources',
      'h2 The problem',
      'h2 How PolyBrowser helps',
      'h3 A typical workflow',
      'h2 Features you will use',
      'h3 Multi-account management',
      'h3 Multi-profile management',
      'h3 Teamwork',
      'h2 Try it with your own accounts',
    ]);
    const problem = page.querySelector('.ps-problem p')?.textContent;
    expect(problem).toContain('When a source links those accounts, one ban can stop every campaign');
    const features = [...page.querySelectorAll('.ps-features h3 a')].map((a) => a.getAttribute('href'));
    expect(features).toEqual(['multi-account-management', 'multi-profiles-management', 'teamwork'].map((id) => `https://www.polybrowser.example/${id}`));
    const cta = page.querySelector('.ps-cta');
    expect(cta?.textContent).toContain('Start on the free plan with 5 browser profiles');
    expect(cta?.querySelector('a[data-app-link="register"]')?.getAttribute('href')).toMatch(/^https:\/\/app\.polybrowser\.example\/register\?/);
    expect(cta?.querySelector('a[href="https://www.polybrowser.example/pricing"]')).not.toBeNull();
  });

  it('have the same structure in other languages, with feature links of their own locale', () => {
    const cases: [string, string[], string][] = [
      ['www.polybrowser-cn.example/use-cases/media-market.html', ['面临的问题', 'PolyBrowser 如何帮助你', '用到的功能', '用你自己的账号试一试'], 'https://www.polybrowser-cn.example/synchronizer'],
      ['www.polybrowser-ru.example/solutions/facebook.html', ['Проблема', 'Как помогает PolyBrowser', 'Какие функции пригодятся', 'Попробуйте на своих аккаунтах'], 'https://www.polybrowser-ru.example/synchronizer'],
      ['www.polybrowser.example/jp/use-cases/web-scraping.html', ['課題', 'PolyBrowser でできること', '使用する機能', 'ご自身のアカウントで試してみましょう'], 'https://www.polybrowser.example/jp/local-api'],
      ['www.polybrowser.example/th/solutions/amazon.html', ['ปัญหา', 'PolyBrowser ช่วยได้อย่างไร', 'ฟีเจอร์ที่คุณจะได้ใช้', 'ลองใช้กับบัญชีของคุณเอง'], 'https://www.polybrowser.example/th/rpa'],
    ];
    for (const [file, parts, featureLink] of cases) {
      const page = doc(file);
      expect(outline(page).filter((h) => h.startsWith('h2 ')).map((h) => h.slice(3)), file).toEqual(parts);
      expect(page.querySelector('.ps-problem p')?.textContent?.trim(), file).not.toBe('');
      expect([...page.querySelectorAll('.ps-features a')].map((a) => a.getAttribute('href')), file).toContain(featureLink);
    }
  });

  it('never skip a heading level, on every use-case and solution page of every locale', () => {
    const pages = result.pages.filter((p) => p.template === 'problem-solution');
    expect(pages.length).toBeGreaterThan(300);
    for (const page of pages) {
      // A regex over <main> rather than a DOM per page: 340 pages parsed by happy-dom would need gigabytes.
      const html = new TextDecoder().decode(result.output.get(page.outputPath)!);
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const levels = [...main.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      expect(levels[0], page.url).toBe(1);
      const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${level}`] : []));
      expect(skips, page.url).toEqual([]);
      expect(levels.filter((l) => l === 2), page.url).toHaveLength(4);
    }
  });
});
