import { escapeXml, escapeXmlText } from '../format/escape-xml.js';
import type { FeedFormat } from '../model/feeds.js';

/** One feed as all three formats tell it: absolute URLs, dates from content (YYYY-MM-DD). */
export interface FeedDocument {
  title: string;
  description: string;
  /** BCP 47 tag of the feed's language (the locale table's hreflang). */
  language: string;
  /** The section's list page. */
  homeUrl: string;
  /** Each format's own URL (its `self`). */
  urls: Record<FeedFormat, string>;
  /** The newest date of any entry listed (updated, else published): never the build's clock. */
  updated: string;
  /** Who publishes the feed: the site's name. */
  author: string;
  /** Square icons of the site: small (favicon) and large. */
  icon: { small: string; large: string };
  entries: FeedEntry[];
}

export interface FeedEntry {
  /** The article's canonical URL: its link, and its id (guid) for good. */
  url: string;
  title: string;
  /** Plain text: the front matter's description. */
  summary: string;
  /** The article's rendered Markdown with absolute URLs. */
  html: string;
  published: string;
  updated: string;
  author: string;
  categories: { term: string; label: string }[];
  /** The article's cover, absolute. */
  image?: string;
}

const GENERATOR = 'sitegen';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** RFC 822 (as RFC 1123 writes it, which RSS 2.0 readers expect): Sat, 28 Oct 2026 00:00:00 GMT. */
export const rfc822 = (date: string): string => new Date(`${date}T00:00:00Z`).toUTCString();
/** RFC 3339 in UTC: 2026-10-28T00:00:00Z. */
export const rfc3339 = (date: string): string => `${date}T00:00:00Z`;

const element = (name: string, text: string) => `<${name}>${escapeXmlText(text)}</${name}>`;

/**
 * RSS 2.0: the channel's required title, link and description; each item's link, guid (its URL,
 * a permalink), pubDate, the summary as description and the full text as content:encoded, the
 * author as dc:creator (RSS's own <author> must be an e-mail address). HTML is escaped as text,
 * never put in CDATA, so no text can close a section early.
 */
export function rssXml(feed: FeedDocument): string {
  const parts = [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', feed.title),
    element('link', feed.homeUrl),
    element('description', feed.description),
    element('language', feed.language),
    element('lastBuildDate', rfc822(feed.updated)),
    element('generator', GENERATOR),
    element('docs', 'https://www.rssboard.org/rss-specification'),
    `<atom:link href="${escapeXml(feed.urls.rss)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const entry of feed.entries) {
    parts.push(
      '<item>',
      element('title', entry.title),
      element('link', entry.url),
      `<guid isPermaLink="true">${escapeXmlText(entry.url)}</guid>`,
      element('pubDate', rfc822(entry.published)),
      element('dc:creator', entry.author),
      ...entry.categories.map((c) => element('category', c.label)),
      element('description', entry.summary),
      element('content:encoded', entry.html),
      '</item>',
    );
  }
  parts.push('</channel>', '</rss>', '');
  return parts.join('\n');
}

/**
 * Atom (RFC 4287): id, title, updated and an author on the feed (so every entry has one), the
 * self and alternate links; each entry's id, title, updated, published, link, summary (text) and
 * content (escaped HTML). Titles are text: a title that mentions <canvas> is not markup.
 */
export function atomXml(feed: FeedDocument): string {
  const parts = [
    XML_DECLARATION,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    element('id', feed.homeUrl),
    `<title type="text">${escapeXmlText(feed.title)}</title>`,
    `<subtitle type="text">${escapeXmlText(feed.description)}</subtitle>`,
    element('updated', rfc3339(feed.updated)),
    `<author>${element('name', feed.author)}</author>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.homeUrl)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.urls.atom)}"/>`,
    element('generator', GENERATOR),
    element('icon', feed.icon.small),
    element('logo', feed.icon.large),
  ];
  for (const entry of feed.entries) {
    parts.push(
      '<entry>',
      element('id', entry.url),
      `<title type="text">${escapeXmlText(entry.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      element('published', rfc3339(entry.published)),
      element('updated', rfc3339(entry.updated)),
      `<author>${element('name', entry.author)}</author>`,
      ...entry.categories.map((c) => `<category term="${escapeXml(c.term)}" label="${escapeXml(c.label)}"/>`),
      `<summary type="text">${escapeXmlText(entry.summary)}</summary>`,
      `<content type="html">${escapeXmlText(entry.html)}</content>`,
      '</entry>',
    );
  }
  parts.push('</feed>', '');
  return parts.join('\n');
}

/**
 * JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): `authors` and `language`, which version 1
 * (what npm `feed` writes) does not have.
 */
export function jsonFeed(feed: FeedDocument): string {
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: feed.urls.json,
    description: feed.description,
    icon: feed.icon.large,
    favicon: feed.icon.small,
    language: feed.language,
    authors: [{ name: feed.author }],
    items: feed.entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      summary: entry.summary,
      content_html: entry.html,
      ...(entry.image ? { image: entry.image } : {}),
      date_published: rfc3339(entry.published),
      date_modified: rfc3339(entry.updated),
      authors: [{ name: entry.author }],
      ...(entry.categories.length ? { tags: entry.categories.map((c) => c.label) } : {}),
    })),
  };
  return `${JSON.stringify(document)}\n`;
}

export const FEED_WRITERS: Record<FeedFormat, (feed: FeedDocument) => string> = { rss: rssXml, atom: atomXml, json: jsonFeed };
