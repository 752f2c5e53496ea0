import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { getLocale } from '../../../src/model/locale-table.js';
import { appLinkUrl } from '../../../src/model/browser-contract.js';
import { formatPrice } from '../../../src/render/format-price.js';
import { serializeScriptJson } from '../../../src/render/json-ld.js';
import { ROOT } from '../../helpers/fixture.js';

const { currencies } = YAML.parse(readFileSync(`${ROOT}/content/data/pricing.yaml`, 'utf8'));
const en = getLocale('en');

describe('formatPrice (spec §9)', () => {
  it('puts $ and R$ before the number, zł and ₫ after', () => {
    expect(formatPrice(9.9, 'USD', currencies, en)).toBe('$9.9');
    expect(formatPrice(49.9, 'BRL', currencies, en)).toBe('R$\u00a049.9');
    expect(formatPrice(39, 'PLN', currencies, en)).toBe('39\u00a0zł');
  });

  it('shows VND in thousands with a K suffix', () => {
    expect(formatPrice(249000, 'VND', currencies, en)).toBe('249K\u00a0₫');
    expect(formatPrice(32499000, 'VND', currencies, en)).toBe('32,499K\u00a0₫');
  });

  it('groups thousands and keeps at most one decimal', () => {
    expect(formatPrice(1299.5, 'USD', currencies, en)).toBe('$1,299.5');
    expect(formatPrice(1299.55, 'USD', currencies, en)).toBe('$1,299.6');
    expect(formatPrice(0, 'USD', currencies, en)).toBe('$0');
  });

  it('uses the separators of the page language', () => {
    expect(formatPrice(1299.5, 'BRL', currencies, getLocale('pt'))).toBe('R$\u00a01299,5'.replace('1299', '1.299'));
  });
});

describe('appLinkUrl (spec §5)', () => {
  it('adds rel=official_website and lang when missing', () => {
    expect(appLinkUrl('https://app.example/register', 'vn')).toBe('https://app.example/register?rel=official_website&lang=vn');
  });

  it('keeps rel and lang that are already there', () => {
    expect(appLinkUrl('https://app.example/login?rel=partner&lang=fr', 'en')).toBe('https://app.example/login?rel=partner&lang=fr');
  });

  it('returns a URL that does not parse unchanged', () => {
    expect(appLinkUrl('not a url', 'en')).toBe('not a url');
  });
});

describe('serializeScriptJson', () => {
  it('escapes < so content cannot close the script element', () => {
    const json = serializeScriptJson({ headline: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ headline: '</script><script>alert(1)</script>' });
  });
});

describe('plural messages', () => {
  it('pick the plural form of the language and fall back to a plain text', async () => {
    const { makeTranslator } = await import('../../../src/render/translator.js');
    const messages = new Map([
      ['en', new Map([['m.one', '{n} member'], ['m.other', '{n} members']])],
      ['fr', new Map([['m.one', '{n} membre'], ['m.other', '{n} membres']])],
      ['ru', new Map([['m', 'Участников: {n}']])],
    ]) as never;
    const unknown = new Set<string>();
    expect(makeTranslator(messages, 'en', unknown)('m', { n: '1', count: 1 })).toBe('1 member');
    expect(makeTranslator(messages, 'en', unknown)('m', { n: '20', count: 20 })).toBe('20 members');
    expect(makeTranslator(messages, 'fr', unknown)('m', { n: '0', count: 0 })).toBe('0 membre');
    expect(makeTranslator(messages, 'ru', unknown)('m', { n: '3', count: 3 })).toBe('Участников: 3');
    expect(unknown.size).toBe(0);
  });

  it('shows VND amounts under a thousand without the K suffix', () => {
    expect(formatPrice(0, 'VND', currencies, en)).toBe('0\u00a0₫');
  });
});
