import { FEED_FORMATS, feedPath, isFeedSection } from '../model/feeds.js';
import { getLocale } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import type { SiteConfig } from '../model/site-config.js';
import type { Translate } from '../model/page-props.js';
import { absoluteUrl } from '../route/urls.js';
import { feedTitle } from './feeds.js';

export interface FeedLink {
  type: string;
  href: string;
  title: string;
}

/**
 * `<link rel="alternate">` to the three feeds of the section a list or article page is in (blog,
 * news, release notes), titled in the page's language with the feed's own name: feed readers and
 * browser extensions find the feeds there. Other pages link none.
 */
export function feedLinksOf(page: Page, t: Translate, config: SiteConfig, pageOf: (key: string) => Page | undefined): FeedLink[] {
  if (!isFeedSection(page.section)) return [];
  const list = pageOf(page.section);
  if (!list) return [];
  const locale = getLocale(page.locale);
  const section = page.section;
  const feed = feedTitle(section, t);
  return FEED_FORMATS.map((format) => ({
    type: format.type,
    href: absoluteUrl(config, page.host, feedPath(locale, section, format)),
    title: t('feeds.linkTitle', { feed, format: format.name }),
  }));
}
