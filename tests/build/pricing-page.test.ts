import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { parseHtml } from '../helpers/html.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * The pricing page a visitor of each locale gets, read from the built sample site's HTML. The
 * expectations are written here from the decisions (docs/content.md "Pricing"), not from sitegen's
 * locale table, so a wrong table cannot confirm itself.
 */
let result: BuildResult;
beforeAll(async () => {
  result = await sampleSite();
});

const HOSTS = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };
const ALL = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'] as const;
const pricingFile = (l: string) => (l === 'en' ? `${HOSTS.main}/pricing.html` : l === 'zh' || l === 'ru' ? `${HOSTS[l]}/pricing.html` : `${HOSTS.main}/${l}/pricing.html`);
const pricingDoc = (l: string) => parseHtml(new TextDecoder().decode(result.output.get(pricingFile(l))!));

/** Brazilian Portuguese pays in reais, Vietnamese in dong, Ukrainian in złoty; everyone else in dollars. */
const CURRENCY: Record<string, string> = { pt: 'BRL', vn: 'VND', uk: 'PLN' };
const currencyOf = (l: string) => CURRENCY[l] ?? 'USD';

interface PricingTable {
  plans: { id: string; prices: Record<string, number> }[];
  features: { id: string }[];
}
const pricing = parse(readFileSync(join(ROOT, 'content/data/pricing.yaml'), 'utf8')) as PricingTable;
const faqOf = (l: string) => parse(readFileSync(join(ROOT, `content/faq/${l}.yaml`), 'utf8')) as { q: string; a: string; topic?: string }[];
const messagesOf = (l: string) => parse(readFileSync(join(ROOT, `content/messages/${l}.yaml`), 'utf8')) as { pricing: { plan: Record<string, string> } };

/** What a visitor reads: whitespace collapsed, no-break spaces as spaces. */
const read = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
/** The amounts a visitor sees before picking a currency: the others are price-other (hidden by pricing.css, see the e2e test). */
const shownAmounts = (plan: Element) => [...plan.querySelectorAll('.price-amount:not(.price-other)')];

describe('prices on the pricing page', () => {
  it('are shown in the locale\'s own currency, which the currency switch lists first and has picked', () => {
    for (const l of ALL) {
      const doc = pricingDoc(l);
      const radios = [...doc.querySelectorAll<HTMLInputElement>('.currency-switch input[type="radio"]')];
      expect(radios.map((r) => r.value), l).toEqual([currencyOf(l), ...['USD', 'BRL', 'PLN', 'VND'].filter((c) => c !== currencyOf(l))]);
      expect(radios.filter((r) => r.hasAttribute('checked')).map((r) => r.value), l).toEqual([currencyOf(l)]);
      for (const plan of doc.querySelectorAll('.plan')) {
        if (plan.querySelector('.price-free')) continue;
        const amounts = [...plan.querySelectorAll('.price-amount')];
        // Own currency first and shown; the three others present for the switch, hidden until picked.
        expect(amounts.map((a) => a.getAttribute('data-currency')), `${l} ${plan.querySelector("h2")?.id}`).toEqual(radios.map((r) => r.value));
        expect(shownAmounts(plan).map((a) => a.getAttribute('data-currency')), `${l} ${plan.querySelector("h2")?.id}`).toEqual([currencyOf(l)]);
      }
    }
  });

  it('are formatted for the locale: separators of its language, symbols of spec §9', () => {
    const base = (l: string) => read(shownAmounts(pricingDoc(l).querySelector('#plan-base')!.closest('.plan')!)[0]);
    expect(base('en')).toBe('$9.9');
    expect(base('zh')).toBe('$9.9');
    expect(base('jp')).toBe('$9.9');
    expect(base('ru')).toBe('$9,9');
    expect(base('pt')).toBe('R$ 49,9');
    expect(base('vn')).toBe('249K ₫');
    expect(base('uk')).toBe('39 zł');
  });

  it('never list zero prices: the free plan says it is free, once, in the page\'s language', () => {
    const zero = /(^|[^\d.,])0 ?(zł|₫)|R\$ ?0(?![\d.,])|\$0(?![\d.,])/;
    for (const l of ALL) {
      const doc = pricingDoc(l);
      const main = read(doc.querySelector('main'));
      expect(main, l).not.toMatch(zero);
      expect(main, l).not.toMatch(/Also billed in/);
      const free = doc.querySelector('#plan-free')!.closest('.plan')!;
      expect(free.querySelectorAll('.price-amount'), l).toHaveLength(0);
      expect(free.querySelectorAll('.price-free'), l).toHaveLength(1);
      const word = read(free.querySelector('.price-free'));
      expect(word, l).not.toMatch(/\d|pricing/i);
    }
    expect(read(pricingDoc('en').querySelector('.price-free'))).toBe('Free');
    expect(read(pricingDoc('ru').querySelector('.price-free'))).toBe('Бесплатно');
  });
});

describe('the plan comparison table', () => {
  it('has a caption, a column per plan and a row per feature, each headed by a th with its scope', () => {
    for (const l of ALL) {
      const table = pricingDoc(l).querySelector('table.compare-table');
      expect(table, l).not.toBeNull();
      expect(read(table!.querySelector('caption')).length, l).toBeGreaterThan(3);
      const columns = [...table!.querySelectorAll('thead th')];
      expect(columns.every((th) => th.getAttribute('scope') === 'col'), l).toBe(true);
      expect(columns.slice(1).map(read), l).toEqual(pricing.plans.map((p) => messagesOf(l).pricing.plan[p.id]));
      const rows = [...table!.querySelectorAll('tbody tr')];
      // Browser profiles and team members, then every row of pricing.yaml's features.
      expect(rows, l).toHaveLength(2 + pricing.features.length);
      for (const row of rows) {
        const heads = row.querySelectorAll('th');
        expect(heads, l).toHaveLength(1);
        expect(heads[0]!.getAttribute('scope')).toBe('row');
        expect(read(heads[0]), l).not.toMatch(/^pricingPage\./);
        const cells = [...row.querySelectorAll('td')];
        expect(cells, `${l} ${read(heads[0])}`).toHaveLength(pricing.plans.length);
        // Every cell says something to a screen reader: a number, a level, or included / not included.
        for (const cell of cells) expect(read(cell).length, `${l} ${read(heads[0])}`).toBeGreaterThan(0);
      }
    }
  });

  it('shows each plan\'s profiles and members from pricing.yaml', () => {
    const rows = [...pricingDoc('en').querySelectorAll('table.compare-table tbody tr')];
    expect(rows.slice(0, 2).map((r) => [...r.querySelectorAll('th, td')].map(read))).toEqual([
      ['Browser profiles', '5', '100', '1,000', '10,000'],
      ['Team members', '1', '3', '20', '100'],
    ]);
  });

  it('scrolls inside its own focusable region named by the caption, so the page never does', () => {
    const doc = pricingDoc('en');
    const region = doc.querySelector('table.compare-table')!.parentElement!;
    expect(region.tagName).toBe('SECTION');
    expect(region.classList.contains('compare-scroll')).toBe(true);
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(read(doc.getElementById(region.getAttribute('aria-labelledby')!))).toBe('What each PolyBrowser plan includes');
  });
});

describe('the pricing FAQ', () => {
  it('shows the pricing questions of the locale\'s FAQ file in every locale, in its order', () => {
    for (const l of ALL) {
      const expected = faqOf(l).filter((entry) => entry.topic === 'pricing');
      expect(expected.length, l).toBeGreaterThanOrEqual(6);
      expect(expected.length, l).toBeLessThanOrEqual(8);
      const items = [...pricingDoc(l).querySelectorAll('.pricing-faq .faq-item')];
      expect(items.map((item) => read(item.querySelector('summary'))), l).toEqual(expected.map((e) => e.q.trim()));
      expect(items.map((item) => read(item.querySelector('p'))), l).toEqual(expected.map((e) => e.a.trim()));
    }
  });

  it('leaves the FAQ page listing every question, pricing ones included', () => {
    for (const l of ALL) {
      const doc = parseHtml(new TextDecoder().decode(result.output.get(pricingFile(l).replace('pricing.html', 'faq.html'))!));
      expect([...doc.querySelectorAll('.faq-item summary')].map(read), l).toEqual(faqOf(l).map((e) => e.q.trim()));
    }
  });
});
