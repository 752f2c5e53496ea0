import { FEED_FORMATS, FEED_SECTIONS, feedPath, type FeedFormat, type FeedSection } from '../model/feeds.js';
import { LOCALES, type HostKey, type Locale, type LocaleCode } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import type { Page } from '../model/page.js';
import type { Translate } from '../model/page-props.js';
import { PNG_ICONS } from '../model/product-files.js';
import type { ValidSite } from '../model/site.js';
import { absoluteUrl, hostDir } from '../route/urls.js';
import { absoluteHtml } from './absolute-html.js';
import { FEED_WRITERS, type FeedDocument, type FeedEntry } from './feed-formats.js';
import { pageDescription } from './page-meta.js';
import { makeTranslator } from './translator.js';

/**
 * Largest feed file: entries are left out from the oldest until every format of a feed fits.
 * Readers fetch a feed again every few minutes to hours, for its newest entries.
 */
export const FEED_MAX_BYTES = 1024 * 1024;

/**
 * RSS 2.0, Atom and JSON Feed of each section of FEED_SECTIONS in each locale that has its list
 * page (so never blog or news on the ru host, whose blog is the separate Russian blog): the newest
 * `feeds.items` articles, newest first, each with its full text (docs/feeds.md). Pure: a function
 * of the routed pages and the site; nothing in a feed comes from the build's clock. `only` picks
 * the feeds to write (a dev session's body edit writes those that list an edited article, filesInFeeds).
 */
export function renderFeeds(pages: readonly Page[], site: ValidSite, only?: (locale: LocaleCode, section: FeedSection) => boolean): RenderedFeeds {
  const files: OutputFile[] = [];
  const feeds: RenderedFeeds['feeds'] = [];
  const translators = new Map<LocaleCode, Translate>();
  for (const { locale, section, list, articles } of feedSelections(pages, site, only)) {
    let t = translators.get(locale.code);
    if (!t) translators.set(locale.code, (t = makeTranslator(site.messages, locale.code, new Set())));
    const entries = articles.map((page) => feedEntry(page, t, site));
    const feed = feedDocument(list, locale, section, entries, t, site);
    feeds.push({ host: locale.host, urls: feed.urls });
    const written = fittedFeed(feed);
    // Bytes, encoded once: the hosting targets' copies of a feed share them (as a page's do), so a dev session's body edit replaces them all.
    for (const format of FEED_FORMATS) files.push({ path: `${hostDir(site.config, locale.host)}${feedPath(locale, section, format)}`, contents: encoder.encode(written[format.format]) });
  }
  return { files, feeds };
}

/**
 * The Markdown files of the articles some feed lists: a body edit to any other article leaves
 * every feed as it was (a feed shows the newest `feeds.items` articles of its section, by a date
 * that lives in front matter, so body edits never change which).
 */
export function filesInFeeds(pages: readonly Page[], site: ValidSite): Set<string> {
  return new Set(feedSelections(pages, site).flatMap(({ articles }) => articles.map((page) => page.entry!.file)));
}

/** A feed to write: its locale and section, its list page, and the articles it may list (newest first; fittedFeed may keep fewer). */
interface FeedSelection {
  locale: Locale;
  section: FeedSection;
  list: Page;
  articles: Page[];
}

/** The feeds of the locales and sections `only` keeps, in the order of LOCALES and FEED_SECTIONS, each with its list page and newest articles. */
function feedSelections(pages: readonly Page[], site: ValidSite, only?: (locale: LocaleCode, section: FeedSection) => boolean): FeedSelection[] {
  // Each feed's list page and articles, in one pass over the pages (84 000 at 4000 articles a locale).
  const sectionsOf = new Map(LOCALES.map((l) => [l.code, new Set<string>(FEED_SECTIONS.filter((section) => !only || only(l.code, section)))]));
  const lists = new Map<string, Page>();
  const articlesOf = new Map<string, Page[]>();
  for (const page of pages) {
    const wanted = sectionsOf.get(page.locale)!;
    if (wanted.has(page.key) && !lists.has(`${page.locale} ${page.key}`)) lists.set(`${page.locale} ${page.key}`, page);
    if (page.entry && wanted.has(page.section)) {
      const key = `${page.locale} ${page.section}`;
      const articles = articlesOf.get(key);
      if (articles) articles.push(page);
      else articlesOf.set(key, [page]);
    }
  }
  return LOCALES.flatMap((locale) => FEED_SECTIONS.flatMap((section) => {
    const list = lists.get(`${locale.code} ${section}`);
    if (!list) return [];
    return [{ locale, section, list, articles: newestFirst(articlesOf.get(`${locale.code} ${section}`) ?? []).slice(0, site.config.feeds.items) }];
  }));
}

const encoder = new TextEncoder();

export interface RenderedFeeds {
  files: OutputFile[];
  /** Each feed's host and the URL of each of its formats. */
  feeds: { host: HostKey; urls: Record<FeedFormat, string> }[];
}

/** A feed's name in the language of its locale ("PolyBrowser Blog", "Блог PolyBrowser"), as readers list it. */
export function feedTitle(section: FeedSection, t: Translate): string {
  return t('feeds.title', { site: t('site.name'), section: t(`page.${section}`) });
}

/** Newest first by the date the article was published; the route's order (by id) among equals. */
function newestFirst(articles: Page[]): Page[] {
  return articles.map((page, order) => ({ page, order }))
    .sort((a, b) => (b.page.entry!.meta.date ?? '').localeCompare(a.page.entry!.meta.date ?? '') || a.order - b.order)
    .map((a) => a.page);
}

function feedEntry(page: Page, t: Translate, site: ValidSite): FeedEntry {
  const entry = page.entry!;
  const { meta } = entry;
  const published = meta.date ?? meta.updated ?? '';
  const origin = site.config.hosts[page.host];
  return {
    url: page.url,
    title: meta.title,
    summary: meta.description,
    html: absoluteHtml(entry.body.read().html, page.url),
    published,
    updated: meta.updated ?? published,
    author: meta.author ?? t('site.name'),
    categories: [
      ...(meta.category ? [{ term: meta.category, label: t(`category.${meta.category}`) }] : []),
      ...(meta.tags ?? []).map((tag) => ({ term: tag, label: t(`tag.${tag}`) })),
    ],
    ...(meta.cover ? { image: `${origin}${meta.cover}` } : {}),
  };
}

function feedDocument(list: Page, locale: Locale, section: FeedSection, entries: FeedEntry[], t: Translate, site: ValidSite): FeedDocument {
  const url = (path: string) => absoluteUrl(site.config, locale.host, path);
  const urls = Object.fromEntries(FEED_FORMATS.map((f) => [f.format, url(feedPath(locale, section, f))])) as Record<FeedFormat, string>;
  return {
    title: feedTitle(section, t),
    description: pageDescription(list, t).text,
    language: locale.hreflang,
    homeUrl: list.url,
    urls,
    updated: newestOf(entries) ?? list.lastmod ?? '',
    author: t('site.name'),
    icon: { small: url(PNG_ICONS.png32.path), large: url(PNG_ICONS.icon512.path) },
    entries,
  };
}

/** The newest date of the entries: the feed's own `updated` (and RSS lastBuildDate). */
function newestOf(entries: readonly FeedEntry[]): string | undefined {
  return entries.map((e) => e.updated).sort().at(-1);
}

/**
 * The feed in every format, with as many of its entries as keep each file under FEED_MAX_BYTES
 * (the newest one at least): all formats list the same entries.
 */
function fittedFeed(feed: FeedDocument): Record<FeedFormat, string> {
  for (let count = feed.entries.length; ; count--) {
    const entries = feed.entries.slice(0, count);
    const fitted = { ...feed, entries, updated: newestOf(entries) ?? feed.updated };
    const written = Object.fromEntries(FEED_FORMATS.map((f) => [f.format, FEED_WRITERS[f.format](fitted)])) as Record<FeedFormat, string>;
    if (count <= 1 || Object.values(written).every((text) => Buffer.byteLength(text) <= FEED_MAX_BYTES)) return written;
  }
}
