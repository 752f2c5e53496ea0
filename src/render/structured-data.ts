import type { Article, BreadcrumbList, FAQPage, NewsArticle } from 'schema-dts';
import type { FaqEntry } from '../model/data-tables.js';
import { pricingFaq } from '../model/data-tables.js';
import { getLocale } from '../model/locale-table.js';
import type { LdNode, StructuredDataInput } from './structured-data-input.js';
import { serializeScriptJson } from './json-ld.js';
import { organization, organizationRef, pricingProduct, softwareApplication, webSite } from './product-data.js';

/**
 * The JSON-LD blocks of a page (docs/structured-data.md), serialised and escaped for a script
 * element: one block per node, each with its own @context. Text is the page's own language, URLs
 * are absolute, and nothing describes what the page does not show.
 */
export function structuredData(input: StructuredDataInput): string[] {
  const nodes = mainNodes(input);
  if (input.page.breadcrumbs.length > 1) nodes.push(breadcrumbList(input));
  return nodes.map(serializeScriptJson);
}

function mainNodes(input: StructuredDataInput): LdNode[] {
  const { page, faq } = input;
  switch (page.template) {
    case 'home': return [organization(input), webSite(input)];
    case 'download': return [softwareApplication(input, { downloadUrl: input.tables.downloads.map((d) => d.fallbackUrl) })];
    case 'detail': return page.section === 'features' && page.entry ? [softwareApplication(input, { featureList: page.entry.meta.title })] : [];
    case 'pricing': return [pricingProduct(input), ...faqPage(input, pricingFaq(faq))];
    case 'faq': {
      // Google: a question and answer shown on several pages is marked up once. The pricing
      // page's questions are marked up there, so the FAQ page marks up the others.
      const onPricingPage = new Set(pricingFaq(faq));
      return faqPage(input, faq.filter((entry) => !onPricingPage.has(entry)));
    }
    case 'article': return page.entry ? [article(input)] : [];
    default: return [];
  }
}

function article(input: StructuredDataInput): LdNode<Article | NewsArticle> {
  const { page, description, image } = input;
  const meta = page.entry!.meta;
  return {
    '@context': 'https://schema.org',
    '@type': page.section === 'news' ? 'NewsArticle' : 'Article',
    headline: meta.title,
    description,
    datePublished: meta.date,
    dateModified: meta.updated ?? meta.date,
    ...(meta.author ? { author: { '@type': 'Organization', name: meta.author } } : {}),
    ...(image ? { image } : {}),
    inLanguage: getLocale(page.locale).hreflang,
    url: page.url,
    mainEntityOfPage: page.url,
    publisher: organizationRef(input),
  };
}

/** FAQPage of the questions the page shows; none for none (mainEntity must not be empty). */
function faqPage(input: StructuredDataInput, entries: readonly FaqEntry[]): LdNode<FAQPage>[] {
  if (entries.length === 0) return [];
  const { page } = input;
  return [{
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: page.url,
    inLanguage: getLocale(page.locale).hreflang,
    mainEntity: entries.map(({ q, a }) => ({ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } })),
  }];
}

function breadcrumbList({ page, t }: StructuredDataInput): LdNode<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: page.breadcrumbs.map((crumb, i) => ({
      '@type': 'ListItem', position: i + 1, item: crumb.url,
      name: 'text' in crumb.label ? crumb.label.text : t(crumb.label.key, { n: page.list?.page ?? 1 }),
    })),
  };
}
