import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { getLocale, type LocaleCode } from '../../../src/model/locale-table.js';
import { ROOT } from '../../helpers/fixture.js';
import { parseHtml } from '../../helpers/html.js';
import { header, type RawResponse } from './raw-http.js';
import type { HostKey } from './target.js';

/**
 * Requests for paths that are no page, as a browser sends them (percent-encoded), and what the 404
 * answer must say: the path as the visitor reads it (decoded), in the language of the path's locale.
 */
export interface NotFoundCase {
  name: string;
  host: HostKey;
  /** The request target on the wire. */
  path: string;
  /** The path the page shows, as text. */
  shown: string;
  locale: LocaleCode;
}

export const NOT_FOUND_CASES: NotFoundCase[] = [
  { name: 'a script element in the path', host: 'main', path: '/%3Cscript%3Ealert(1)%3C/script%3E', shown: '/<script>alert(1)</script>', locale: 'en' },
  { name: 'an img element with onerror', host: 'main', path: '/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', shown: '/<img src=x onerror=alert(1)>', locale: 'en' },
  { name: 'quotes and an ampersand under /vn', host: 'main', path: '/vn/%22%3E%3Csvg%20onload%3Dalert(1)%3E&x', shown: '/vn/"><svg onload=alert(1)>&x', locale: 'vn' },
  { name: 'a missing file under a locale prefix', host: 'main', path: '/jp/assets/missing.js', shown: '/jp/assets/missing.js', locale: 'jp' },
  { name: 'a Chinese path on the zh host', host: 'zh', path: '/%E6%89%BE%E4%B8%8D%E5%88%B0', shown: '/找不到', locale: 'zh' },
  { name: 'a page that is not there on the ru host', host: 'ru', path: '/pricing-old/%D1%86%D0%B5%D0%BD%D1%8B', shown: '/pricing-old/цены', locale: 'ru' },
  { name: 'a right-to-left override kept encoded', host: 'main', path: '/tc/a%E2%80%AEb', shown: '/tc/a%E2%80%AEb', locale: 'tc' },
  { name: 'percent-encoding that is not UTF-8, shown as sent', host: 'main', path: '/es/bad%E0%A4x', shown: '/es/bad%E0%A4x', locale: 'es' },
];

const messages = new Map<LocaleCode, Record<string, Record<string, string>>>();

/** A message of a locale's messages file (content/messages/<code>.yaml), e.g. ('vn', 'notFoundPage', 'title'). */
export function messageOf(locale: LocaleCode, group: string, key: string): string {
  if (!messages.has(locale)) messages.set(locale, parse(readFileSync(join(ROOT, 'content/messages', `${locale}.yaml`), 'utf8')) as Record<string, Record<string, string>>);
  const text = messages.get(locale)![group]?.[key];
  if (text === undefined) throw new Error(`content/messages/${locale}.yaml has no ${group}.${key}`);
  return text;
}

/**
 * What is wrong with a 404 answer to `c`. Every answer is the page of the path's locale with status
 * 404, the site's header and footer, suggested pages and a way home, and nothing of the path as
 * markup. Where the middleware runs (`withPath`), the path is in the page as text; a static host
 * cannot know it, so there the path's slot is empty and hidden (the client runtime fills it in).
 */
export function notFoundProblems(c: NotFoundCase, response: RawResponse, withPath: boolean): string[] {
  const problems: string[] = [];
  if (response.status !== 404) return [`status ${response.status}, not 404`];
  if (!/^text\/html/.test(header(response, 'content-type') ?? '')) problems.push(`content-type ${header(response, 'content-type')}`);
  const doc = parseHtml(response.body);
  const lang = getLocale(c.locale).hreflang;
  if (doc.documentElement.getAttribute('lang') !== lang) problems.push(`lang ${doc.documentElement.getAttribute('lang')}, not ${lang}`);
  const h1 = [...doc.querySelectorAll('h1')].map((h) => h.textContent?.trim());
  const title = messageOf(c.locale, 'notFoundPage', 'title');
  if (h1.length !== 1 || h1[0] !== title) problems.push(`h1 ${JSON.stringify(h1)}, not [${JSON.stringify(title)}]`);
  if (!doc.querySelector('header.site-header') || !doc.querySelector('footer.site-footer')) problems.push('no site header or footer');
  // Pricing, download and the FAQ are in every locale, also of the small fixture site.
  if (doc.querySelectorAll('.not-found-links a[href]').length < 3) problems.push('fewer than 3 suggested pages');
  if (!doc.querySelector('.not-found-actions a[href]') || !doc.querySelector('.not-found-actions [data-go-back]')) problems.push('no way home or back');
  // Nothing of the path became markup: no element or handler attribute the path could have made.
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) if (/^on/i.test(attribute)) problems.push(`<${element.localName} ${attribute}> from the path`);
  }
  if ([...doc.querySelectorAll('script')].some((s) => (s.textContent ?? '').includes('alert(1)'))) problems.push('a script from the path');
  if (doc.querySelector('img[src="x"], svg[onload]')) problems.push('an element from the path');
  const slot = doc.querySelector('[data-not-found-path]');
  const shown = slot?.querySelector('code')?.textContent;
  if (!slot) problems.push('no path slot');
  else if (withPath) {
    if (slot.hasAttribute('hidden')) problems.push('the path slot is hidden');
    if (shown !== c.shown) problems.push(`shows ${JSON.stringify(shown)}, not ${JSON.stringify(c.shown)}`);
    const sentence = messageOf(c.locale, 'notFoundPage', 'path').replace('{path}', c.shown);
    if (slot.textContent !== sentence) problems.push(`says ${JSON.stringify(slot.textContent)}, not ${JSON.stringify(sentence)}`);
  } else {
    if (!slot.hasAttribute('hidden')) problems.push('a static page shows its path slot');
    if (shown !== '') problems.push(`a static page shows the path ${JSON.stringify(shown)}`);
  }
  return problems;
}
