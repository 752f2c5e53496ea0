import type { Offer, Organization, Product, SearchAction, SoftwareApplication, WebSite, WithActionConstraints } from 'schema-dts';
import { isFreePlan, type Tables } from '../model/data-tables.js';
import { getLocale, type CurrencyCode } from '../model/locale-table.js';
import type { Translate } from '../model/page-props.js';
import { absoluteUrl, localeUrl } from '../route/urls.js';
import type { LdNode, StructuredDataInput } from './structured-data-input.js';
import { PNG_ICONS } from '../model/product-files.js';

/**
 * The brand's mark: the 512 px PNG icon every host serves (src/images/site-icons.ts). Google asks for
 * a logo of at least 112×112 px in a Google Images format; other readers of Organization.logo (chat
 * apps, search engines other than Google) take a PNG where some take no SVG.
 */
const LOGO_PATH = PNG_ICONS.icon512.path;

/** The locale's home, which names the site's nodes: <home>#organization, #website, #software. */
const homeOf = ({ config, page }: StructuredDataInput) => localeUrl(config, getLocale(page.locale), '/');

/** The organisation behind the site, on the home page (Google: "on your home page"). */
export function organization(input: StructuredDataInput): LdNode<Organization> {
  const { t, config } = input;
  return {
    '@context': 'https://schema.org',
    ...organizationRef(input),
    description: t('site.description'),
    sameAs: [config.social.video, config.social.chatGroup],
  };
}

/** The organisation as other nodes name it (publisher): its @id, name, home and logo. */
export function organizationRef(input: StructuredDataInput): Exclude<Organization, string> & { '@type': 'Organization' } {
  const { t, config, page } = input;
  return { '@type': 'Organization', '@id': `${homeOf(input)}#organization`, name: t('site.name'), url: homeOf(input), logo: absoluteUrl(config, page.host, LOGO_PATH) };
}

/**
 * The site in the page's locale, on its home page, with a SearchAction to the locale's search page
 * where there is one (no action points at a page that does not exist).
 */
export function webSite(input: StructuredDataInput): LdNode<WebSite> {
  const { t, page, index } = input;
  const home = homeOf(input);
  const search = index.byKey('search', page.locale);
  const action: WithActionConstraints<SearchAction> | undefined = search && {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${search.url}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: t('site.name'),
    description: t('site.description'),
    url: home,
    inLanguage: getLocale(page.locale).hreflang,
    publisher: { '@id': `${home}#organization` },
    ...(action ? { potentialAction: action } : {}),
  };
}

/**
 * The product as an app, on the download and feature pages: its systems from downloads.yaml, its
 * category from site.yaml, and the free plan as its offer (Google's software app rich result asks
 * for offers.price; the free plan is what the download page gives).
 */
export function softwareApplication(input: StructuredDataInput, extra: Pick<Exclude<SoftwareApplication, string>, 'downloadUrl' | 'featureList'>): LdNode<SoftwareApplication> {
  const { t, config, tables, page, index, description } = input;
  const locale = getLocale(page.locale);
  const free = tables.pricing.plans.find(isFreePlan);
  const pricingUrl = index.resolveRoute('/pricing', page.locale);
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    '@id': `${homeOf(input)}#software`,
    name: t('site.name'),
    description,
    url: homeOf(input),
    applicationCategory: config.structuredData.applicationCategory,
    operatingSystem: operatingSystems(tables.downloads, t),
    ...(free ? { offers: planOffer(t, free, locale.currency, pricingUrl) } : {}),
    inLanguage: locale.hreflang,
    publisher: organizationRef(input),
    ...extra,
  };
}

/** The systems of downloads.yaml, in its order, by the names the download page gives them. */
function operatingSystems(downloads: Tables['downloads'], t: Translate): string {
  return [...new Set(downloads.map((d) => d.os))].map((os) => t(`download.${os}`)).join(', ');
}

/**
 * The pricing page's product: an Offer for each plan in each currency the page shows, with
 * pricing.yaml's amounts (a monthly price; the free plan's 0 is a valid price).
 */
export function pricingProduct(input: StructuredDataInput): LdNode<Product> {
  const { t, tables, page, description } = input;
  const currencies = Object.keys(tables.pricing.currencies) as CurrencyCode[];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${page.url}#product`,
    name: t('site.name'),
    description,
    url: page.url,
    brand: { '@type': 'Brand', name: t('site.name') },
    offers: tables.pricing.plans.flatMap((plan) => currencies.map((code) => planOffer(t, plan, code, page.url))),
  };
}

type Plan = Tables['pricing']['plans'][number];

/** A plan's price in one currency; a paid plan's is per month (UN/CEFACT unit MON), as the page says. */
function planOffer(t: Translate, plan: Plan, currency: CurrencyCode, url: string | undefined): Offer {
  const price = plan.prices[currency];
  return {
    '@type': 'Offer',
    name: t(`pricing.plan.${plan.id}`),
    price,
    priceCurrency: currency,
    ...(url ? { url } : {}),
    ...(price > 0 ? {
      priceSpecification: {
        '@type': 'UnitPriceSpecification', price, priceCurrency: currency,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    } : {}),
  };
}
