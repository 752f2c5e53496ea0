import type { SiteConfig } from '../model/site-config.js';
import { COOKIE } from '../model/browser-contract.js';
import { DEFAULT_LOCALE, DETECTING_HOST, getLocale, LOCALES, type Locale } from '../model/locale-table.js';
import { BLOG_SECTIONS } from '../model/collections.js';
import type { Alternate, Crumb, Page, SwitchTarget } from '../model/page.js';
import type { SiteIndex } from './site-index.js';

/**
 * Fill in what a page knows about the others: its hreflang cluster, its language-switcher targets
 * and its breadcrumbs. Every target is a page that exists (or the Russian blog), never a 404.
 */
export function linkPages(index: SiteIndex, config: SiteConfig): void {
  for (const page of index.pages) {
    page.alternates = page.indexable ? alternatesOf(page, index) : [];
    page.switcher = LOCALES.map((locale) => switchTargetOf(page, locale, index, config));
    page.breadcrumbs = breadcrumbsOf(page, index);
  }
}

/** The cluster's pages with hreflang tags, plus x-default (English, else the first locale that has it). */
function alternatesOf(page: Page, index: SiteIndex): Alternate[] {
  const cluster = index.cluster(page.key).filter((p) => p.indexable);
  const alternates = cluster.map((p) => ({ hreflang: getLocale(p.locale).hreflang, url: p.url }));
  const fallback = cluster.find((p) => p.locale === DEFAULT_LOCALE) ?? cluster[0];
  if (fallback) alternates.push({ hreflang: 'x-default', url: fallback.url });
  return alternates;
}

/**
 * Spec "Language switcher": helps, blog and news go to the section root of the target language;
 * guide goes to guide where the target has guides and to blog elsewhere; other pages (use cases and
 * solutions through their swap table) go to the same page, else to the nearest ancestor that exists.
 */
function switchTargetOf(page: Page, target: Locale, index: SiteIndex, config: SiteConfig): SwitchTarget {
  const current = target.code === page.locale;
  // An error page is served at every unknown path: another language's version of it is that
  // language's home, not its /error/404.
  if (isErrorPage(page)) return { locale: target.code, url: carryChoice(index.byKey('home', target.code)?.url ?? page.url, page, target, config), current };
  if (current) return { locale: target.code, url: page.url, current };
  const sectionRoot = (section: string): string | undefined => {
    if (!target.ownBlog && BLOG_SECTIONS.includes(section as 'blog')) return `${config.russianBlog}/`;
    return index.byKey(section, target.code)?.url;
  };
  let url: string | undefined;
  if (page.section === 'blog' || page.section === 'news' || page.section === 'helps') url = sectionRoot(page.section);
  else if (page.section === 'guide') url = index.byKey('guide', target.code) ? sectionRoot('guide') : sectionRoot('blog');
  else {
    for (let key: string | undefined = page.key; key && !url; key = parentOf(key, index)) url = index.byKey(key, target.code)?.url;
  }
  return { locale: target.code, url: carryChoice(url ?? index.byKey('home', target.code)?.url ?? page.url, page, target, config), current };
}

/**
 * A link to the host that detects languages, from another host or to its root, carries the choice
 * (`?myLocale=en`): that host's edge stores it in its own cookie, which the page the visitor leaves
 * cannot set, and takes it out of the URL. Otherwise a stale cookie or the browser's language
 * there would send the visitor straight back.
 */
function carryChoice(url: string, page: Page, target: Locale, config: SiteConfig): string {
  const root = `${config.hosts[DETECTING_HOST]}/`;
  if (target.host !== DETECTING_HOST || !url.startsWith(root)) return url;
  // On the detecting host itself only its root needs it (JavaScript sets the cookie on a click, but
  // without it detection would undo the choice there).
  if (page.host === DETECTING_HOST && url !== root) return url;
  return `${url}?${COOKIE.locale}=${target.code}`;
}

function isErrorPage(page: Page): boolean {
  return page.section === 'error-404' || page.section === 'error-502';
}

/** The parent key of a key, looked up on any locale's page (keys are the same in every locale). */
function parentOf(key: string, index: SiteIndex): string | undefined {
  return index.cluster(key)[0]?.parentKey;
}

function breadcrumbsOf(page: Page, index: SiteIndex): Crumb[] {
  if (page.key === 'home' || page.layout !== 'default' || isErrorPage(page)) return [];
  const chain: Page[] = [];
  for (let key: string | undefined = page.parentKey; key; ) {
    const parent = index.byKey(key, page.locale);
    if (!parent) break;
    chain.unshift(parent);
    key = parent.parentKey;
  }
  const crumbs: Crumb[] = chain.map((p) => ({ label: labelOf(p), url: p.url }));
  crumbs.push({ label: labelOf(page), url: page.url });
  return crumbs;
}

function labelOf(page: Page): Crumb['label'] {
  if (page.entry) return { text: page.entry.meta.title };
  if (page.list?.tag) return { key: `tag.${page.list.tag}` };
  if (page.list?.category) return { key: `category.${page.list.category}` };
  if (page.list && page.list.page > 1) return { key: 'list.pageN' };
  if (page.key === 'home') return { key: 'page.home' };
  return { key: `page.${page.section === 'icons' ? 'icons' : page.section}` };
}
