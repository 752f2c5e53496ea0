import type { SiteConfig } from '../model/site-config.js';
import { getLocale, type HostKey, type LocaleCode } from '../model/locale-table.js';
import { BLOG_SECTIONS } from '../model/collections.js';
import type { Page } from '../model/page.js';
import { localePath } from './urls.js';

/** Lookups over the route table, shared by linking, rendering and checks. */
export interface SiteIndex {
  pages: readonly Page[];
  byKey(key: string, locale: LocaleCode): Page | undefined;
  byPath(host: HostKey, path: string): Page | undefined;
  /** Locales that have the page with this key, in locale-table order. */
  cluster(key: string): Page[];
  /**
   * URL of a site route (/pricing, /blog) in a locale: the page if it exists there, the Russian
   * blog for blog sections of a locale without its own blog, else undefined (the link is left out).
   */
  resolveRoute(route: string, locale: LocaleCode): string | undefined;
}

export function indexPages(pages: readonly Page[], config: SiteConfig): SiteIndex {
  const keyed = new Map<string, Map<LocaleCode, Page>>();
  const pathed = new Map<string, Page>();
  for (const page of pages) {
    let cluster = keyed.get(page.key);
    if (!cluster) keyed.set(page.key, (cluster = new Map()));
    cluster.set(page.locale, page);
    pathed.set(`${page.host}${page.path}`, page);
  }
  const clusters = new Map<string, Page[]>();
  return {
    pages,
    byKey: (key, locale) => keyed.get(key)?.get(locale),
    byPath: (host, path) => pathed.get(`${host}${path}`),
    cluster(key) {
      let list = clusters.get(key);
      if (!list) clusters.set(key, (list = [...(keyed.get(key)?.values() ?? [])]));
      return list;
    },
    resolveRoute(route, code) {
      const locale = getLocale(code);
      const page = pathed.get(`${locale.host}${localePath(locale, route)}`);
      if (page) return page.url;
      const section = route.split('/')[1] ?? '';
      if (!locale.ownBlog && BLOG_SECTIONS.includes(section as 'blog')) return `${config.russianBlog}/`;
      return undefined;
    },
  };
}

/**
 * The index with some pages replaced by new ones at the same host and path (`replaced`, keyed
 * `host\tpath`): what a body edit does to the route table. Lookups answer with the replacement;
 * URLs, keys and clusters are those of `index`, which a body edit cannot change.
 */
export function withReplacedPages(index: SiteIndex, pages: readonly Page[], replaced: ReadonlyMap<string, Page>): SiteIndex {
  const current = (page: Page | undefined) => page && (replaced.get(`${page.host}\t${page.path}`) ?? page);
  const clusters = new Map<string, Page[]>();
  return {
    pages,
    byKey: (key, locale) => current(index.byKey(key, locale)),
    byPath: (host, path) => current(index.byPath(host, path)),
    cluster(key) {
      let list = clusters.get(key);
      if (!list) clusters.set(key, (list = index.cluster(key).map((page) => current(page)!)));
      return list;
    },
    resolveRoute: (route, locale) => index.resolveRoute(route, locale),
  };
}
