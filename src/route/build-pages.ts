import { LOCALES, type Locale } from '../model/locale-table.js';
import type { Section } from '../model/collections.js';
import { CATEGORISED_SECTIONS, LEGAL_PAGES, MARKDOWN_PAGES } from '../model/collections.js';
import type { Entry, ValidSite } from '../model/site.js';
import { docsPageKey, useCaseIdsFor, useCaseKey } from '../model/availability.js';
import type { Layout, ListInfo, Page, TemplateName } from '../model/page.js';
import { absoluteUrl, localePath, notFoundPathOf, outputPathOf } from './urls.js';

type PageSeed = Pick<Page, 'key' | 'template' | 'section'> & Partial<Pick<Page, 'entry' | 'list' | 'parentKey' | 'lastmod' | 'layout' | 'indexable'>> & { route: string };

/** Pages of one locale that are not written in Markdown: built from messages and data tables. */
const STANDALONE: readonly { route: string; template: TemplateName; indexable?: false }[] = [
  { route: '/pricing', template: 'pricing' },
  { route: '/download', template: 'download' },
  { route: '/faq', template: 'faq' },
  { route: '/links', template: 'links' },
  // Results pages are no content of their own: noindex, out of the sitemaps and the search index.
  { route: '/search', template: 'search', indexable: false },
];

/**
 * Every page of every locale, as records: the route table. Pure: a function of the validated site
 * and the locale table. Pages exist only where their content does (the availability manifest).
 */
export function buildPages(site: ValidSite): Page[] {
  const pages: Page[] = [];
  for (const locale of LOCALES) {
    const entries = site.entries.filter((e) => e.locale === locale.code);
    for (const seed of seedsForLocale(site, locale, entries)) pages.push(toPage(site, locale, seed));
  }
  return pages;
}

function seedsForLocale(site: ValidSite, locale: Locale, entries: Entry[]): PageSeed[] {
  const bySection = (section: Section) => entries.filter((e) => e.section === section);
  const seeds: PageSeed[] = [
    { key: 'home', route: '/', template: 'home', section: 'home' },
    ...STANDALONE.map((s) => ({ key: s.route.slice(1), route: s.route, template: s.template, section: s.route.slice(1), indexable: s.indexable })),
    { key: '_icons', route: '/_icons', template: 'icons', section: 'icons', layout: 'svg-sprite', indexable: false },
    // The 404 page has the site's header and footer (a way on); the 502 screen has nothing that could fail again.
    { key: 'error/404', route: '/error/404', template: 'error', section: 'error-404', indexable: false },
    { key: 'error/502', route: '/error/502', template: 'error', section: 'error-502', layout: 'error', indexable: false },
  ];
  for (const entry of bySection('pages')) {
    if ((MARKDOWN_PAGES as readonly string[]).includes(entry.id)) {
      const template = (LEGAL_PAGES as readonly string[]).includes(entry.id) ? 'legal-page' : 'markdown-page';
      seeds.push({ key: entry.id, route: `/${entry.id}`, template, section: entry.id, entry, lastmod: lastmodOf(entry) });
    }
  }
  for (const section of CATEGORISED_SECTIONS) seeds.push(...listSeeds(site, section, sortByDate(bySection(section)), true));
  seeds.push(...listSeeds(site, 'guide', sortByDate(bySection('guide')), false));
  seeds.push(...listSeeds(site, 'helps', sortByDate(bySection('helps')), false));
  seeds.push(...indexedSection('docs', [...bySection('docs')].sort((a, b) => (a.meta.order ?? 0) - (b.meta.order ?? 0) || a.id.localeCompare(b.id)), 'docs-index', 'docs-page',
    (e) => docsPageKey(site.tables.docs, locale.code, e.id)));
  seeds.push(...indexedSection('release', sortByDate(bySection('release')), 'card-list', 'detail'));
  seeds.push(...indexedSection('partner', sortByTitle(bySection('partner'), locale.hreflang), 'card-list', 'detail'));
  seeds.push(...indexedSection('solutions', inTableOrder(bySection('solutions'), site.tables.solutions.map((s) => s.id)), 'card-list', 'problem-solution'));
  const useCaseOrder = useCaseIdsFor(site.tables['use-cases'], locale.code);
  seeds.push(...indexedSection('use-cases', inTableOrder(bySection('use-cases'), useCaseOrder), 'card-list', 'problem-solution', (e) => useCaseKey(site.tables['use-cases'], e.id)));
  for (const entry of inTableOrder(bySection('alternatives'), site.tables.alternatives.competitors.map((a) => a.id))) {
    seeds.push({ key: `alternatives/${entry.id}`, route: `/alternatives/${entry.slug}`, template: 'detail', section: 'alternatives', entry, parentKey: 'home', lastmod: lastmodOf(entry) });
  }
  for (const entry of inTableOrder(bySection('features'), site.tables.features.map((f) => f.id))) {
    seeds.push({ key: `feature/${entry.id}`, route: `/${entry.slug}`, template: 'detail', section: 'features', entry, parentKey: 'home', lastmod: lastmodOf(entry) });
  }
  return seeds;
}

/** A list page (paginated) plus one page per entry: /{section}, /{section}/page/N, /{section}/{slug}. */
function indexedSection(section: Section, entries: Entry[], listTemplate: TemplateName, itemTemplate: TemplateName, keyOf: (e: Entry) => string = (e) => e.id): PageSeed[] {
  if (entries.length === 0) return [];
  const seeds: PageSeed[] = [{
    key: section, route: `/${section}`, template: listTemplate, section, parentKey: 'home', lastmod: newest(entries),
    list: { items: entries, page: 1, pageCount: 1, firstKey: section, categories: [], tags: [] },
  }];
  for (const entry of entries) {
    seeds.push({ key: `${section}/${keyOf(entry)}`, route: `/${section}/${entry.slug}`, template: itemTemplate, section, entry, parentKey: section, lastmod: lastmodOf(entry) });
  }
  return seeds;
}

/**
 * Article sections: the list, its category and tag filters, each paginated under /page/N (the
 * reserved slug "page" keeps those URLs from colliding with article or tag slugs), and the articles.
 */
function listSeeds(site: ValidSite, section: Section, entries: Entry[], categorised: boolean): PageSeed[] {
  if (entries.length === 0) return [];
  const size = site.config.pageSize;
  const categories = categorised ? site.tables.categories[section as 'blog'].categories.filter((c) => entries.some((e) => e.meta.category === c)) : [];
  const seeds: PageSeed[] = [];
  const paginate = (baseKey: string, baseRoute: string, items: Entry[], parentKey: string, extra: Pick<ListInfo, 'category' | 'tag' | 'tags'>) => {
    const pageCount = Math.max(1, Math.ceil(items.length / size));
    for (let n = 1; n <= pageCount; n++) {
      const slice = items.slice((n - 1) * size, n * size);
      seeds.push({
        key: n === 1 ? baseKey : `${baseKey}/page/${n}`,
        route: n === 1 ? baseRoute : `${baseRoute}/page/${n}`,
        template: 'article-list', section, parentKey: n === 1 ? parentKey : baseKey, lastmod: newest(slice),
        list: { items: slice, page: n, pageCount, firstKey: baseKey, categories, ...extra },
      });
    }
  };
  paginate(section, `/${section}`, entries, 'home', { tags: [] });
  for (const category of categories) {
    const inCategory = entries.filter((e) => e.meta.category === category);
    const tags = site.tables.categories.tags.filter((t) => inCategory.some((e) => e.meta.tags?.includes(t)));
    const categoryKey = `${section}-${category}`;
    paginate(categoryKey, `/${section}-${category}`, inCategory, section, { category, tags });
    for (const tag of tags) {
      paginate(`${categoryKey}/${tag}`, `/${section}-${category}/${tag}`, inCategory.filter((e) => e.meta.tags?.includes(tag)), categoryKey, { category, tag, tags });
    }
  }
  for (const entry of entries) {
    seeds.push({ key: `${section}/${entry.id}`, route: `/${section}/${entry.slug}`, template: 'article', section, entry, parentKey: section, lastmod: lastmodOf(entry) });
  }
  return seeds;
}

function toPage(site: ValidSite, locale: Locale, seed: PageSeed): Page {
  const path = localePath(locale, seed.route);
  const isNotFound = seed.key === 'error/404';
  const layout: Layout = seed.layout ?? 'default';
  return {
    key: seed.key, template: seed.template, layout, section: seed.section,
    locale: locale.code, host: locale.host, path,
    url: absoluteUrl(site.config, locale.host, path),
    outputPath: outputPathOf(site.config, locale.host, path),
    // Static hosts serve <dir>/404.html for unknown paths: one per locale root.
    extraOutputPaths: isNotFound ? [notFoundPathOf(site.config, locale.host, locale.prefix)] : [],
    indexable: seed.indexable ?? true,
    entry: seed.entry, list: seed.list, parentKey: seed.parentKey, lastmod: seed.lastmod,
    alternates: [], switcher: [], breadcrumbs: [],
  };
}

function lastmodOf(entry: Entry): string | undefined {
  return entry.meta.updated ?? entry.meta.date;
}

function newest(entries: Entry[]): string | undefined {
  return entries.map(lastmodOf).filter((d): d is string => !!d).sort().at(-1);
}

function sortByDate(entries: Entry[]): Entry[] {
  return [...entries].sort((a, b) => (b.meta.date ?? '').localeCompare(a.meta.date ?? '') || a.id.localeCompare(b.id));
}

function sortByTitle(entries: Entry[], hreflang: string): Entry[] {
  const collator = new Intl.Collator(hreflang);
  return [...entries].sort((a, b) => collator.compare(a.meta.title, b.meta.title) || a.id.localeCompare(b.id));
}

function inTableOrder(entries: Entry[], order: string[]): Entry[] {
  return [...entries].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

