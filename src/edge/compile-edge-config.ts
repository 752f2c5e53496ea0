import type { SiteConfig } from '../config/site-config-schema.js';
import { DEFAULT_LOCALE, HOST_KEYS, LOCALES, rootLocaleOfHost } from '../locales/locale-table.js';
import type { Page } from '../route/page.js';
import { BLOG_SECTIONS } from '../validate/collections.js';
import type { Tables } from '../validate/data-tables.js';
import { edgeConfigSchema, type EdgeConfig } from './edge-config-schema.js';

/** Spec "Redirects" names these two; any root page with a capitalised spelling is added the same way. */
const CAPITALISED_ROUTES = ['/pricing', '/download'];

/** Legacy misspellings the spec's route checks name (soultion-route, soultions-route, case-route). */
const LEGACY_SECTIONS = [
  { from: '/soultion', to: '/solutions' },
  { from: '/soultions', to: '/solutions' },
  { from: '/case', to: '/use-cases' },
];

/** Build the edge document from the locale table, the site configuration and the route table. */
export function compileEdgeConfig(config: SiteConfig, tables: Tables, pages: readonly Page[]): EdgeConfig {
  const hostName = (origin: string) => new URL(origin).host;
  const existing = new Set(pages.map((p) => p.path));
  const document: EdgeConfig = {
    version: 1,
    hosts: Object.fromEntries(HOST_KEYS.map((key) => [key, { name: hostName(config.hosts[key]), locale: rootLocaleOfHost(key).code }])),
    prefixes: LOCALES.filter((l) => l.prefix).map((l) => l.prefix),
    languageHosts: HOST_KEYS.map((key) => ({ prefix: `/${rootLocaleOfHost(key).code}`, host: key })),
    lowercase: CAPITALISED_ROUTES.filter((route) => existing.has(route)).map((route) => `/${route[1]!.toUpperCase()}${route.slice(2)}`),
    sections: LEGACY_SECTIONS,
    normalize: { collapseSlashes: true, trailingSlash: true, htmlSuffix: true },
    russianBlog: {
      // Hosts whose locale has no blog of its own (ru): their blog sections go to the Russian blog.
      hosts: HOST_KEYS.filter((key) => !rootLocaleOfHost(key).ownBlog),
      origin: config.russianBlog,
      sections: [...BLOG_SECTIONS],
      lookup: Object.fromEntries(Object.entries(tables['ru-blog']).sort(([a], [b]) => a.localeCompare(b))),
    },
    detect: {
      cookie: 'myLocale',
      fallback: DEFAULT_LOCALE,
      languages: LOCALES.flatMap((l) => l.acceptLanguage.map((tag) => [tag, l.code] as [string, string])),
    },
  };
  return edgeConfigSchema.parse(document);
}
