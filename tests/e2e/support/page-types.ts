import { LOCALES, type LocaleCode } from '../../../src/model/locale-table.js';
import type { JsReport } from '../../../src/render/js-report.js';

/**
 * One page of each type a visitor can land on, per locale, picked from the built site's page list
 * (dist/reports/js.json: every page with its template): the layout tests measure these.
 */
export interface PageType {
  /** Name in screenshots and the matrix: `pricing`, `blog-article`, ... */
  name: string;
  /** Whether every locale must have it (the others exist where the content does). */
  everywhere: boolean;
  /** Matches a page by its template and its path below the locale prefix (`/blog/x` → ['blog', 'x']). */
  matches(template: string, segments: string[]): boolean;
}

const pageType = (name: string, everywhere: boolean, matches: PageType['matches']): PageType => ({ name, everywhere, matches });
/** A page of `template` at /<section> (depth 1) or /<section>/<slug> (depth 2). */
const inSection = (template: string, section: string, depth: number) => (t: string, s: string[]) => t === template && s[0] === section && s.length === depth;

export const PAGE_TYPES: readonly PageType[] = [
  pageType('home', true, (t) => t === 'home'),
  pageType('pricing', true, (t) => t === 'pricing'),
  pageType('download', true, (t) => t === 'download'),
  pageType('faq', true, (t) => t === 'faq'),
  pageType('links', true, (t) => t === 'links'),
  pageType('search', true, (t) => t === 'search'),
  // Features have no list page: the home page lists them; each is a page at the root (/synchronizer).
  pageType('feature', true, (t, s) => t === 'detail' && s.length === 1),
  pageType('alternative', true, inSection('detail', 'alternatives', 2)),
  pageType('about', true, (t) => t === 'markdown-page'),
  pageType('blog-list', false, inSection('article-list', 'blog', 1)),
  pageType('blog-article', false, inSection('article', 'blog', 2)),
  pageType('news-list', false, inSection('article-list', 'news', 1)),
  pageType('news-article', false, inSection('article', 'news', 2)),
  pageType('help-list', false, inSection('article-list', 'helps', 1)),
  pageType('help-article', false, inSection('article', 'helps', 2)),
  pageType('docs-index', false, (t) => t === 'docs-index'),
  pageType('docs-page', false, (t) => t === 'docs-page'),
  pageType('release-list', false, inSection('card-list', 'release', 1)),
  pageType('release-note', false, inSection('detail', 'release', 2)),
  pageType('partner-list', false, inSection('card-list', 'partner', 1)),
  pageType('partner', false, inSection('detail', 'partner', 2)),
  pageType('solution-list', false, inSection('card-list', 'solutions', 1)),
  pageType('solution', false, inSection('detail', 'solutions', 2)),
  pageType('use-case-list', false, inSection('card-list', 'use-cases', 1)),
  pageType('use-case', false, inSection('detail', 'use-cases', 2)),
];

/** The 404 answer: a path that is no page, with long words, as a visitor mistypes it. */
export const NOT_FOUND_PATH = '/pricing/enterprise-subscriptions/annual-discount';

const HOST_OF: Record<string, string> = { 'www.polybrowser.example': 'main', 'www.polybrowser-cn.example': 'zh', 'www.polybrowser-ru.example': 'ru' };

/** The locale of a built page's URL and its path segments below the locale's prefix. */
export function localeOfUrl(url: string): { locale: LocaleCode; segments: string[] } | undefined {
  const { hostname, pathname } = new URL(url);
  const host = HOST_OF[hostname];
  const segments = pathname.split('/').filter(Boolean);
  const onHost = LOCALES.filter((l) => l.host === host);
  const prefixed = onHost.find((l) => l.prefix && l.prefix === `/${segments[0] ?? ''}`);
  if (prefixed) return { locale: prefixed.code, segments: segments.slice(1) };
  const root = onHost.find((l) => !l.prefix);
  return root ? { locale: root.code, segments } : undefined;
}

export interface PageCase {
  type: string;
  /** Real URL of the page (https://www.polybrowser.example/fr/pricing). */
  url: string;
}

/** Per locale: the first page (by URL) of each type it has, then its 404 answer. */
export function pageCases(report: JsReport): Map<LocaleCode, PageCase[]> {
  const byLocale = new Map<LocaleCode, PageCase[]>(LOCALES.map((l) => [l.code, []]));
  const pages = [...report.pages].sort((a, b) => a.page.localeCompare(b.page));
  for (const pageType of PAGE_TYPES) {
    for (const locale of LOCALES) {
      const found = pages.find((p) => {
        const at = localeOfUrl(p.page);
        return at?.locale === locale.code && pageType.matches(p.template, at.segments);
      });
      if (found) byLocale.get(locale.code)!.push({ type: pageType.name, url: found.page });
    }
  }
  for (const locale of LOCALES) {
    const home = byLocale.get(locale.code)!.find((c) => c.type === 'home');
    if (home) byLocale.get(locale.code)!.push({ type: '404', url: new URL(`${locale.prefix}${NOT_FOUND_PATH}`, home.url).href });
  }
  return byLocale;
}
