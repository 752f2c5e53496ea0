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
  // What pages have alike is one object they share, not a copy each: 84 000 pages of 14 locales
  // held 14 alternates, 14 switch targets and their breadcrumbs each (a third of the route table).
  // Nothing changes them once linked.
  const alternates = new Map<string, Alternate[]>();
  const targets = new Map<string, SwitchTarget>();
  const crumbs = new Map<Page, Crumb>();
  const none: never[] = [];
  for (const page of index.pages) {
    if (page.indexable) {
      let cluster = alternates.get(page.key);
      if (!cluster) alternates.set(page.key, (cluster = alternatesOf(page.key, index)));
      page.alternates = cluster;
    } else page.alternates = none;
    page.switcher = LOCALES.map((locale) => {
      const target = switchTargetOf(page, locale, index, config);
      const key = `${target.locale}\t${target.current}\t${target.url}`;
      const known = targets.get(key);
      if (known) return known;
      targets.set(key, target);
      return target;
    });
    page.breadcrumbs = breadcrumbsOf(page, index, crumbs, none);
  }
}

/** The cluster's pages with hreflang tags, plus x-default (English, else the first locale that has it): the same for every page of the cluster. */
function alternatesOf(key: string, index: SiteIndex): Alternate[] {
  const cluster = index.cluster(key).filter((p) => p.indexable);
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

/** The trail of parents to the page; each parent's crumb is one object, shared by the pages under it. */
function breadcrumbsOf(page: Page, index: SiteIndex, crumbs: Map<Page, Crumb>, none: Crumb[]): Crumb[] {
  if (page.key === 'home' || page.layout !== 'default' || isErrorPage(page)) return none;
  const chain: Page[] = [];
  for (let key: string | undefined = page.parentKey; key; ) {
    const parent = index.byKey(key, page.locale);
    if (!parent) break;
    chain.unshift(parent);
    key = parent.parentKey;
  }
  const crumbOf = (p: Page) => {
    let crumb = crumbs.get(p);
    if (!crumb) crumbs.set(p, (crumb = { label: labelOf(p), url: p.url }));
    return crumb;
  };
  return [...chain.map(crumbOf), crumbOf(page)];
}

function labelOf(page: Page): Crumb['label'] {
  if (page.entry) return { text: page.entry.meta.title };
  if (page.list?.tag) return { key: `tag.${page.list.tag}` };
  if (page.list?.category) return { key: `category.${page.list.category}` };
  if (page.list && page.list.page > 1) return { key: 'list.pageN' };
  if (page.key === 'home') return { key: 'page.home' };
  return { key: `page.${page.section === 'icons' ? 'icons' : page.section}` };
}
