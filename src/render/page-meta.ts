import type { SiteConfig } from '../model/site-config.js';
import type { Page } from '../model/page.js';
import type { SiteIndex } from '../route/site-index.js';
import { structuredData } from './structured-data.js';
import type { StructuredDataInput } from './structured-data-input.js';
import type { PageMeta } from '../model/page-props.js';
import type { Translate } from '../model/page-props.js';
import type { SocialImage } from '../model/social-image.js';

/** Where a page's title or description comes from: what a writer edits to change it. */
export type TextOrigin =
  /** A front matter field of the page's Markdown file. */
  | { field: string }
  /** A message key of the page's locale. */
  | { message: string }
  /** The first paragraph of the page's Markdown body. */
  | { body: true };

/** A title or description with its origins: the part to change first, the site name last. */
export interface MetaText {
  text: string;
  origins: TextOrigin[];
}

/**
 * Title and description: the SEO fields of the front matter first, then the page's own title and
 * description, then the section's name and the site description.
 */
export function pageMeta(page: Page, t: Translate, config: SiteConfig, index: SiteIndex, data: Pick<StructuredDataInput, 'tables' | 'faq'>, social?: SocialImage): PageMeta {
  const entry = page.entry;
  const { text: title } = pageTitle(page, t);
  const { text: description } = pageDescription(page, t);
  const meta: PageMeta = {
    title,
    description,
    ogType: page.template === 'article' ? 'article' : 'website',
    jsonLd: [],
    ...(social ? { social } : {}),
  };
  if (entry?.meta.seo_keywords) meta.keywords = entry.meta.seo_keywords;
  if (entry?.meta.cover) meta.image = `${config.hosts[page.host]}${entry.meta.cover}`;
  if (!page.indexable) meta.robots = 'noindex, follow';
  if (page.list) {
    const { page: n, pageCount, firstKey } = page.list;
    const urlOf = (k: number) => index.byKey(k === 1 ? firstKey : `${firstKey}/page/${k}`, page.locale)?.url;
    if (n > 1) meta.prev = urlOf(n - 1);
    if (n < pageCount) meta.next = urlOf(n + 1);
  }
  meta.jsonLd = structuredData({ page, t, config, index, tables: data.tables, faq: data.faq, description, image: meta.image });
  return meta;
}

/**
 * The `<title>`: the front matter's seo_title as it is, else the page's own title and the site
 * name, which a title never names twice ("GoLogin 替代方案：PolyBrowser", "PolyBrowser 3.1").
 */
export function pageTitle(page: Page, t: Translate): MetaText {
  const entry = page.entry;
  if (entry?.meta.seo_title !== undefined) return { text: entry.meta.seo_title, origins: [{ field: 'seo_title' }] };
  const base = ownTitle(page, t);
  const siteName = t('site.name');
  if (page.key === 'home' || base.text.toLowerCase().includes(siteName.toLowerCase())) return base;
  return { text: `${base.text} | ${siteName}`, origins: [...base.origins, { message: 'site.name' }] };
}

/** The page's own title, without the site name: its front matter's title, else its list's or its section's name. */
export function ownTitle(page: Page, t: Translate): MetaText {
  return page.entry?.meta.title !== undefined ? { text: page.entry.meta.title, origins: [{ field: 'title' }] } : listTitle(page, t) ?? standaloneTitle(page, t);
}

/** `<meta name="description">`: seo_description, description, the body's first paragraph, the section's intro, the site description. */
export function pageDescription(page: Page, t: Translate): MetaText {
  const entry = page.entry;
  if (entry?.meta.seo_description !== undefined) return { text: entry.meta.seo_description, origins: [{ field: 'seo_description' }] };
  if (entry?.meta.description !== undefined) return { text: entry.meta.description, origins: [{ field: 'description' }] };
  if (entry?.excerpt) return { text: entry.excerpt, origins: [{ body: true }] };
  return message(t, sectionDescriptionKey(page));
}

function message(t: Translate, key: string): MetaText {
  return { text: t(key), origins: [{ message: key }] };
}

function standaloneTitle(page: Page, t: Translate): MetaText {
  // The home page's title is the site name and its tagline; the tagline is what to change.
  if (page.key === 'home') return { text: `${t('site.name')} – ${t('site.tagline')}`, origins: [{ message: 'site.tagline' }, { message: 'site.name' }] };
  if (page.section === 'error-404') return message(t, 'notFoundPage.title');
  if (page.section === 'error-502') return message(t, 'error.502msg1');
  if (page.section === 'search') return message(t, 'search.title');
  return message(t, `page.${page.section}`);
}

function listTitle(page: Page, t: Translate): MetaText | undefined {
  const list = page.list;
  if (!list || page.template !== 'article-list') return undefined;
  const parts = [message(t, `page.${page.section}`)];
  if (list.category) parts.push(message(t, `category.${list.category}`));
  if (list.tag) parts.push(message(t, `tag.${list.tag}`));
  if (list.page > 1) parts.push({ text: t('list.pageN', { n: list.page }), origins: [{ message: 'list.pageN' }] });
  return { text: parts.map((p) => p.text).join(' · '), origins: parts.flatMap((p) => p.origins) };
}

function sectionDescriptionKey(page: Page): string {
  const intros: Record<string, string> = {
    solutions: 'solutions.intro', 'use-cases': 'useCases.intro', docs: 'docs.intro', release: 'release.intro',
    partner: 'partner.intro', links: 'links.intro', faq: 'faq.intro', icons: 'icons.intro', pricing: 'pricing.subtitle', download: 'download.subtitle',
    search: 'search.intro',
  };
  return intros[page.section] ?? 'site.description';
}
