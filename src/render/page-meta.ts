import type { SiteConfig } from '../model/site-config.js';
import { getLocale } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import type { SiteIndex } from '../route/site-index.js';
import { serializeScriptJson } from './json-ld.js';
import type { PageMeta } from '../model/page-props.js';
import type { Translate } from '../model/page-props.js';

/**
 * Title and description: the SEO fields of the front matter first, then the page's own title and
 * description, then the section's name and the site description.
 */
export function pageMeta(page: Page, t: Translate, config: SiteConfig, index: SiteIndex): PageMeta {
  const entry = page.entry;
  const siteName = t('site.name');
  const baseTitle = entry?.meta.title ?? listTitle(page, t) ?? standaloneTitle(page, t, siteName);
  const title = entry?.meta.seo_title ?? (page.key === 'home' ? baseTitle : `${baseTitle} | ${siteName}`);
  const description = entry?.meta.seo_description ?? entry?.meta.description ?? (entry?.excerpt || sectionDescription(page, t));
  const meta: PageMeta = {
    title,
    description,
    ogType: page.template === 'article' ? 'article' : 'website',
    jsonLd: [],
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
  if (page.template === 'article' && entry) {
    meta.jsonLd.push(serializeScriptJson({
      '@context': 'https://schema.org',
      '@type': page.section === 'news' ? 'NewsArticle' : 'Article',
      headline: entry.meta.title,
      description,
      datePublished: entry.meta.date,
      dateModified: entry.meta.updated ?? entry.meta.date,
      ...(entry.meta.author ? { author: { '@type': 'Organization', name: entry.meta.author } } : {}),
      ...(meta.image ? { image: meta.image } : {}),
      inLanguage: getLocale(page.locale).hreflang,
      mainEntityOfPage: page.url,
      publisher: { '@type': 'Organization', name: siteName },
    }));
  }
  if (page.breadcrumbs.length > 1) {
    meta.jsonLd.push(serializeScriptJson({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: page.breadcrumbs.map((crumb, i) => ({
        '@type': 'ListItem', position: i + 1, item: crumb.url,
        name: 'text' in crumb.label ? crumb.label.text : t(crumb.label.key, { n: page.list?.page ?? 1 }),
      })),
    }));
  }
  return meta;
}

function standaloneTitle(page: Page, t: Translate, siteName: string): string {
  if (page.key === 'home') return `${siteName} – ${t('site.tagline')}`;
  if (page.section === 'error-404') return t('error.notFoundTitle');
  if (page.section === 'error-502') return t('error.502msg1');
  return t(`page.${page.section}`);
}

function listTitle(page: Page, t: Translate): string | undefined {
  const list = page.list;
  if (!list || page.template !== 'article-list') return undefined;
  const parts = [t(`page.${page.section}`)];
  if (list.category) parts.push(t(`category.${list.category}`));
  if (list.tag) parts.push(t(`tag.${list.tag}`));
  if (list.page > 1) parts.push(t('list.pageN', { n: list.page }));
  return parts.join(' · ');
}

function sectionDescription(page: Page, t: Translate): string {
  const intros: Record<string, string> = {
    solutions: 'solutions.intro', 'use-cases': 'useCases.intro', docs: 'docs.intro', release: 'release.intro',
    partner: 'partner.intro', links: 'links.intro', faq: 'faq.intro', icons: 'icons.intro', pricing: 'pricing.subtitle', download: 'download.subtitle',
  };
  const key = intros[page.section];
  return key ? t(key) : t('site.description');
}
