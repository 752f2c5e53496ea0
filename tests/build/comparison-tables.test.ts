import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { parseHtml } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * Issue 20: each alternatives page gets a comparison table from content/data/alternatives.yaml,
 * accessible (caption, th scope) and in the page language, in its own scroll box. Expected values
 * are read from the data tables here, not from the template's code.
 */
let result: BuildResult;
const doc = (path: string) => parseHtml(new TextDecoder().decode(result.output.get(path)!));
const table = (name: string) => parse(readFileSync(join(ROOT, 'content/data', name), 'utf8'));

beforeAll(async () => {
  result = await sampleSite();
});

/** Row headers and cells of the table on one page, as text. */
function rowsOf(path: string): { caption: string; columns: string[]; rows: [string, string, string][]; scopes: string[]; inScrollBox: boolean } {
  const page = doc(path);
  const tables = page.querySelectorAll('main table');
  expect(tables, path).toHaveLength(1);
  const t = tables[0]!;
  return {
    caption: t.querySelector('caption')?.textContent ?? '',
    columns: [...t.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('th')?.textContent ?? '', ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')] as [string, string, string]),
    scopes: [...t.querySelectorAll('th')].map((th) => `${th.closest('thead') ? 'head' : 'body'}:${th.getAttribute('scope')}`),
    inScrollBox: !!t.closest('section.comparison-scroll[tabindex="0"][aria-label]'),
  };
}

describe('alternatives comparison tables', () => {
  it('render on every alternatives page with a caption, th scope and their own scroll box', () => {
    const pages = result.pages.filter((p) => p.section === 'alternatives');
    expect(pages.length).toBeGreaterThan(14 * 5);
    for (const page of pages) {
      const { caption, columns, rows, scopes, inScrollBox } = rowsOf(page.outputPath);
      expect(caption, page.url).not.toBe('');
      expect(columns, page.url).toHaveLength(3);
      expect(rows, page.url).toHaveLength(10);
      expect(scopes, page.url).toEqual([...Array(3).fill('head:col'), ...Array(10).fill('body:row')]);
      expect(inScrollBox, page.url).toBe(true);
      for (const row of rows) expect(row.every((cell) => cell.trim() !== ''), `${page.url} ${row[0]}`).toBe(true);
    }
  });

  it('name PolyBrowser and the competitor of the page, and take PolyBrowser\'s figures from pricing.yaml and downloads.yaml', () => {
    const { competitors } = table('alternatives.yaml') as { competitors: { id: string; name: string; compare: { priceFrom: number } }[] };
    const { plans } = table('pricing.yaml') as { plans: { profiles: number; members: number; prices: { USD: number } }[] };
    const cheapest = Math.min(...plans.filter((p) => p.prices.USD > 0).map((p) => p.prices.USD));
    const gologin = competitors.find((c) => c.id === 'gologin')!;
    const { columns, rows } = rowsOf('www.polybrowser.example/alternatives/gologin.html');
    expect(columns.slice(1)).toEqual(['PolyBrowser', 'GoLogin']);
    const byRow = Object.fromEntries(rows.map(([label, ours, theirs]) => [label, [ours, theirs]]));
    expect(byRow['Price from']).toEqual([`From $${cheapest}/month`, `From $${gologin.compare.priceFrom}/month`]);
    expect(byRow['Browser profiles']![0]).toBe(`Up to ${Math.max(...plans.map((p) => p.profiles)).toLocaleString('en')}`);
    expect(byRow['Team members']![0]).toBe(`Up to ${Math.max(...plans.map((p) => p.members))}`);
    expect(byRow['Platforms']![0]).toBe('Windows, macOS, Linux');
    // Hedged words, never invented precision, for the competitor.
    expect(byRow['Browser profiles']![1]).toBe('Depends on plan');
    expect(byRow['API']![1]).toBe('On paid plans');
    expect(doc('www.polybrowser.example/alternatives/gologin.html').querySelector('.comparison-note')?.textContent).toContain('GoLogin details are a general guide as of March 1, 2026');
  });

  it('are written in the page language in several locales', () => {
    const cases: [string, string, string][] = [
      // file, the "Yes" of that language, its label of the price row
      ['www.polybrowser-cn.example/alternatives/ziniao.html', '支持', '起步价格'],
      ['www.polybrowser-ru.example/alternatives/multilogin.html', 'Да', 'Цена от'],
      ['www.polybrowser.example/jp/alternatives/dolphin-anty.html', 'あり', '最低料金'],
      ['www.polybrowser.example/th/alternatives/gologin.html', 'มี', 'ราคาเริ่มต้น'],
      ['www.polybrowser.example/fr/alternatives/incogniton.html', 'Oui', 'Prix à partir de'],
      ['www.polybrowser.example/tc/alternatives/gologin.html', '支援', '起始價格'],
    ];
    for (const [file, yes, priceLabel] of cases) {
      const { rows } = rowsOf(file);
      const cells = rows.flat();
      expect(rows[0]![0], file).toBe(priceLabel);
      expect(cells, file).toContain(yes);
      expect(cells.filter((c) => ['Yes', 'No', 'Limited', 'Depends on plan', 'Price from'].includes(c)), file).toEqual([]);
    }
  });
});
