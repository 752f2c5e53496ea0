import { Window } from 'happy-dom';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../../src/build.js';
import type { CoverageRow, TranslationCoverage } from '../../../src/render/translation-coverage.js';
import { baseFiles, blogPost, buildFixture, errorsOf, markdown, problemSolutionPage, simplePage } from '../../helpers/fixture.js';

const LOCALES = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'];
/** A message key that needs escaping in HTML: keys are content, not markup. */
const ODD_KEY = 'zz<b&c"d';

/**
 * A small site: one blog post in several locales with different dates, table-governed pages
 * (alternatives with only/except lists, docs with per-locale ids, a swapped use-case pair), a
 * Markdown page, and a French messages file missing a key.
 */
function files(): Record<string, string> {
  const all = baseFiles();
  const en = all['content/messages/en.yaml']!;
  // fr lacks header.login; it has only one plural form of pricing.profiles, which still counts as the key.
  all['content/messages/fr.yaml'] = en.replace(/^ {2}login: Log in\n/m, '').replace(/^ {4}other: "\{n\} browser profiles"\n/m, '');
  all['content/messages/en.yaml'] = `${en}${JSON.stringify(ODD_KEY)}: Odd\n`;
  Object.assign(all, {
    // Source changed (updated) after the French translation's date: stale. vn has the update: ok.
    'content/en/blog/a.md': blogPost({ date: '2026-03-01', updated: '2026-04-10' }),
    'content/fr/blog/a.md': blogPost({ title: 'Un article', date: '2026-03-01' }),
    'content/vn/blog/a.md': blogPost({ title: 'Bài viết', date: '2026-03-01', updated: '2026-04-10' }),
    'content/zh/blog/a.md': blogPost({ title: '文章', date: '2026-05-01' }),
    // octo-browser: except zh, tc. ziniao: only zh, tc.
    'content/en/alternatives/octo-browser.md': simplePage('Octo'),
    'content/zh/alternatives/ziniao.md': simplePage('紫鸟'),
    // docs: en, ru, pt, vn; ru spells getting-started nachalo-raboty.
    'content/en/docs/getting-started.md': markdown({ title: 'Start', description: 'Start here.', order: 1 }),
    'content/ru/docs/nachalo-raboty.md': markdown({ title: 'Начало', description: 'Начало работы.', order: 1 }),
    // betting is spelt media-market in zh and tc: one page.
    'content/en/use-cases/betting.md': problemSolutionPage('Betting'),
    'content/zh/use-cases/media-market.md': problemSolutionPage('媒体市场'),
    'content/en/pages/about-us.md': simplePage('About'),
    // Guides exist for zh only.
    'content/zh/guide/start.md': markdown({ title: '入门', description: '从这里开始。', date: '2026-03-01' }),
  });
  return all;
}

let first: BuildResult;
let second: BuildResult;
let report: TranslationCoverage;
const text = (result: BuildResult, path: string) => new TextDecoder().decode(result.output.get(path));
const row = (kind: CoverageRow['kind'], key: string) => {
  const found = report.rows.find((r) => r.kind === kind && r.key === key);
  if (!found) throw new Error(`no ${kind} row ${key}`);
  return found;
};
const cellsOf = (r: CoverageRow) => LOCALES.map((code) => `${code}:${r.cells[code as keyof CoverageRow['cells']]}`).join(' ');

beforeAll(async () => {
  [first, second] = [await buildFixture(files()), await buildFixture(files())];
  report = JSON.parse(text(first, 'reports/translations.json')) as TranslationCoverage;
}, 120_000);

describe('translation coverage report', () => {
  it('builds without errors and writes both files', () => {
    expect(errorsOf(first)).toEqual([]);
    expect(first.output.has('reports/translations.json')).toBe(true);
    expect(first.output.has('reports/translations.html')).toBe(true);
    expect(report.locales).toEqual(LOCALES);
  });

  it('has one row per content page key, pages first, then messages, each sorted by key', () => {
    const pages = report.rows.filter((r) => r.kind === 'page').map((r) => r.key);
    expect(pages).toEqual(['about-us', 'alternatives/octo-browser', 'alternatives/ziniao', 'blog/a', 'docs/getting-started', 'guide/start', 'use-cases/betting']);
    expect(report.rows.slice(0, pages.length).every((r) => r.kind === 'page')).toBe(true);
    const messages = report.rows.filter((r) => r.kind === 'message').map((r) => r.key);
    expect(messages).toEqual([...messages].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('marks a translation older than the source stale, an absent one missing, and ru blog not offered', () => {
    const blog = row('page', 'blog/a');
    expect(blog.source).toBe('content/en/blog/a.md');
    expect(blog.cells).toMatchObject({ en: 'ok', fr: 'stale', vn: 'ok', zh: 'ok', es: 'missing', ru: 'not-offered' });
    expect(cellsOf(blog)).toBe('en:ok zh:ok ru:not-offered vn:ok es:missing pt:missing tr:missing th:missing fr:stale uk:missing ko:missing hi:missing jp:missing tc:missing');
  });

  it('uses the availability tables: only/except lists, docs locales and ids, use-case spellings', () => {
    expect(cellsOf(row('page', 'alternatives/octo-browser'))).toBe(
      'en:ok zh:not-offered ru:missing vn:missing es:missing pt:missing tr:missing th:missing fr:missing uk:missing ko:missing hi:missing jp:missing tc:not-offered');
    const ziniao = row('page', 'alternatives/ziniao');
    expect(ziniao.source).toBeUndefined();
    expect(cellsOf(ziniao)).toBe(
      'en:not-offered zh:ok ru:not-offered vn:not-offered es:not-offered pt:not-offered tr:not-offered th:not-offered fr:not-offered uk:not-offered ko:not-offered hi:not-offered jp:not-offered tc:missing');
    expect(cellsOf(row('page', 'docs/getting-started'))).toBe(
      'en:ok zh:not-offered ru:ok vn:missing es:not-offered pt:missing tr:not-offered th:not-offered fr:not-offered uk:not-offered ko:not-offered hi:not-offered jp:not-offered tc:not-offered');
    expect(row('page', 'use-cases/betting').cells).toMatchObject({ en: 'ok', zh: 'ok', tc: 'missing', fr: 'missing' });
    expect(row('page', 'about-us').cells).toMatchObject({ en: 'ok', ru: 'missing', fr: 'missing' });
  });

  it('marks guides not offered outside zh (docs/design.md: guides exist for zh)', () => {
    expect(cellsOf(row('page', 'guide/start'))).toBe(
      'en:not-offered zh:ok ru:not-offered vn:not-offered es:not-offered pt:not-offered tr:not-offered th:not-offered fr:not-offered uk:not-offered ko:not-offered hi:not-offered jp:not-offered tc:not-offered');
  });

  it('marks message keys absent in a locale as falling back to English', () => {
    const login = row('message', 'header.login');
    expect(login.source).toBe('content/messages/en.yaml');
    expect(login.cells).toMatchObject({ en: 'ok', fr: 'fallback', es: 'fallback', ru: 'fallback' });
    expect(row('message', 'header.register').cells).toMatchObject({ en: 'ok', fr: 'ok', es: 'fallback' });
    // Plural forms are one key; fr has one of the two forms, which is the key.
    expect(row('message', 'pricing.profiles').cells).toMatchObject({ en: 'ok', fr: 'ok', vn: 'fallback' });
    expect(report.rows.some((r) => r.key === 'pricing.profiles.one')).toBe(false);
    expect(row('message', ODD_KEY).cells).toMatchObject({ en: 'ok', fr: 'fallback' });
    expect(report.rows.filter((r) => r.kind === 'message').every((r) => !Object.values(r.cells).some((s) => s === 'missing' || s === 'stale' || s === 'not-offered'))).toBe(true);
  });

  it('totals each locale, not-offered apart from problems', () => {
    const messages = report.rows.filter((r) => r.kind === 'message').length;
    expect(report.totals.perLocale.fr).toEqual({ ok: messages - 2, missing: 3, stale: 1, fallback: 2, notOffered: 3 });
    expect(report.totals.perLocale.en).toEqual({ ok: messages + 5, missing: 0, stale: 0, fallback: 0, notOffered: 2 });
    expect(report.totals.perLocale.es).toEqual({ ok: 0, missing: 4, stale: 0, fallback: messages, notOffered: 3 });
    for (const code of LOCALES) {
      const counted = { ok: 0, missing: 0, stale: 0, fallback: 0, notOffered: 0 };
      for (const r of report.rows) {
        const status = r.cells[code as keyof CoverageRow['cells']];
        counted[status === 'not-offered' ? 'notOffered' : status]++;
      }
      expect(report.totals.perLocale[code as keyof typeof report.totals.perLocale], code).toEqual(counted);
    }
  });

  it('writes a valid, self-contained HTML page with the totals, the filterable matrix and escaped keys', async () => {
    const html = text(first, 'reports/translations.html');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Translation coverage</title>');
    expect(html).toContain('<table id="matrix">');
    expect(html).toContain('<input id="filter-key" type="search"');
    expect(html).toContain('<option value="stale">stale</option>');
    expect(html).toContain('<div id="filter" class="filter" hidden>');
    expect(html).toContain('data-key="blog/a" data-status="missing not-offered ok stale"');
    expect(html).toMatch(/<th scope="row" title="content\/en\/blog\/a.md">blog\/a<\/th>(<td class="s-[a-z-]+">[a-z-]+<\/td>){14}<\/tr>/);
    expect(html).toContain('<td class="s-stale">stale</td>');
    expect(html).toContain('zz&lt;b&amp;c&quot;d');
    expect(html).not.toContain(ODD_KEY);
    expect(html).not.toMatch(/\s(?:src|href)="/);
    expect(html.match(/<tbody>/g)).toHaveLength(2);
    expect(html.match(/<tr data-kind=/g)).toHaveLength(report.rows.length);
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    const result = await validator.validateString(html, 'translations.html');
    expect(result.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`))).toEqual([]);
  });

  it('filters the matrix by key and by status with its inline script', async () => {
    const html = text(first, 'reports/translations.html');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const window = new Window();
    const doc = window.document as unknown as Document;
    doc.write(html.replace(/<script>[\s\S]*?<\/script>/, ''));
    expect(doc.getElementById('filter')!.hidden).toBe(true);
    new Function('document', script)(doc);
    const shown = () => [...doc.querySelectorAll<HTMLElement>('#matrix tbody tr')].filter((r) => !r.hidden).map((r) => r.dataset.key);
    const key = doc.getElementById('filter-key') as HTMLInputElement;
    const status = doc.getElementById('filter-status') as HTMLSelectElement;
    const set = (element: HTMLInputElement | HTMLSelectElement, value: string, event: string) => {
      element.value = value;
      element.dispatchEvent(new window.Event(event) as unknown as Event);
    };
    expect(doc.getElementById('filter')!.hidden).toBe(false);
    expect(shown()).toHaveLength(report.rows.length);
    set(status, 'stale', 'change');
    expect(shown()).toEqual(['blog/a']);
    set(status, '', 'change');
    set(key, 'ALTERNATIVES/', 'input');
    expect(shown()).toEqual(['alternatives/octo-browser', 'alternatives/ziniao']);
    set(status, 'problem', 'change');
    set(key, 'header.log', 'input');
    expect(shown()).toEqual(['header.login']);
    expect(doc.getElementById('filter-count')!.textContent).toBe(`1 of ${report.rows.length} rows`);
    await window.happyDOM.close();
  });

  it('is byte-identical across two builds', () => {
    for (const path of ['reports/translations.json', 'reports/translations.html']) {
      expect(Buffer.from(second.output.get(path)!).equals(Buffer.from(first.output.get(path)!)), path).toBe(true);
    }
  });
});
