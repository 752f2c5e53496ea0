import { COOKIE } from '../model/browser-contract.js';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { formatBytes } from '../format/format-bytes.js';
import { DEFAULT_LOCALE, DETECTING_HOST, HOST_KEYS, LOCALES, rootLocaleOfHost } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import { BLOG_SECTIONS, CATEGORISED_SECTIONS } from '../model/collections.js';
import type { ValidSite } from '../model/site.js';
import { checkRedirects } from './check-redirects.js';
import { edgeConfigSchema, type EdgeConfig } from '../model/edge-config.js';
import { createPageFilter, falsePositiveRate, pageKey } from './page-filter.js';
import { collectRedirectSources } from './redirect-sources.js';

/** Legacy misspellings the spec's route checks name (soultion-route, soultions-route, case-route). */
const LEGACY_SECTIONS = { soultion: 'solutions', soultions: 'solutions', case: 'use-cases' };

/** No page path comes near this; longer requests are refused with 414 before any work. */
const MAX_PATH_LENGTH = 2048;

/** Edge Config item keys and, by the same limit, the keys of our document. */
const MAX_KEY_LENGTH = 256;

export interface CompiledEdgeConfig {
  document: EdgeConfig;
  /** The document as stored: minified JSON. */
  json: string;
  bytes: number;
  budget: number;
  diagnostics: Diagnostic[];
}

/**
 * The edge document: the locale table, the site configuration and the route table turned into
 * redirect rules, plus the content's own redirects after the whole redirect graph is checked.
 * Budget problems are reported at `configFile`, the site.yaml the build read.
 */
export function compileEdgeConfig(site: ValidSite, pages: readonly Page[], configFile: string): CompiledEdgeConfig {
  const rules = baseDocument(site, pages);
  const checked = checkRedirects(rules, collectRedirectSources(site, pages), pages);
  const budget = site.config.edge.budget;
  // The page filter gets the room the rest of the document leaves (a few bytes spare for its numbers).
  const keys = pages.map((p) => pageKey(p.host, p.path)).sort();
  const rest = new TextEncoder().encode(JSON.stringify({ ...rules, redirects: checked.redirects })).length;
  const filter = createPageFilter(keys, Math.max(0, budget - rest - 64));
  const document = edgeConfigSchema.parse({ ...rules, redirects: checked.redirects, pages: filter });
  const json = JSON.stringify(document);
  const bytes = new TextEncoder().encode(json).length;
  const diagnostics = [...checked.diagnostics, ...checkKeys(document)];
  const rate = falsePositiveRate(filter, keys.length);
  if (filter.bits < keys.length * 10) {
    diagnostics.push(warning('EDGE_FILTER_CROWDED', `the edge document's page filter holds ${keys.length} pages in ${formatBytes(filter.filter.length)} (${(filter.bits / keys.length).toFixed(1)} bits a page): about ${(rate * 100).toFixed(0)}% of mixed-case URLs of pages that do not exist get a redirect before their 404, against 1% with room for 10 bits a page (raise edge.budget in site.yaml)`, { file: configFile }));
  }
  if (bytes > budget) {
    diagnostics.push(diagnostic('EDGE_CONFIG_TOO_LARGE', `the edge document is ${formatBytes(bytes)}, over the ${formatBytes(budget)} budget (edge.budget in site.yaml); ${sizeBreakdown(document)}`, { file: configFile }));
  }
  return { document, json, bytes, budget, diagnostics };
}

function baseDocument(site: ValidSite, pages: readonly Page[]): EdgeConfig {
  const { config, tables } = site;
  const categories = Object.fromEntries(CATEGORISED_SECTIONS.flatMap((section) =>
    tables.categories[section].categories.map((category) => [`${section}-${category}`, category])));
  return {
    version: 2,
    origins: Object.fromEntries(HOST_KEYS.map((key) => [key, config.hosts[key]])),
    locales: LOCALES.map((l) => [l.code, l.host, l.prefix.slice(1)]),
    languageHosts: Object.fromEntries(HOST_KEYS.map((key) => [rootLocaleOfHost(key).code, key])),
    redirects: {},
    sections: LEGACY_SECTIONS,
    russianBlog: {
      // Hosts whose locale has no blog of its own (ru): their blog sections go to the Russian blog.
      hosts: HOST_KEYS.filter((key) => !rootLocaleOfHost(key).ownBlog),
      origin: config.russianBlog,
      sections: [...BLOG_SECTIONS],
      categories,
      lookup: Object.fromEntries(Object.entries(tables['ru-blog']).sort(([a], [b]) => a.localeCompare(b))),
    },
    detect: {
      host: DETECTING_HOST,
      cookie: COOKIE.locale,
      fallback: DEFAULT_LOCALE,
      languages: LOCALES.flatMap((l) => l.acceptLanguage.map((tag) => [tag, l.code] as [string, string])),
    },
    pages: createPageFilter([]), // replaced by compileEdgeConfig once the rest of the document is known
    maxPathLength: MAX_PATH_LENGTH,
  };
}

function checkKeys(document: EdgeConfig): Diagnostic[] {
  const keys = [
    ...Object.values(document.redirects).flatMap((table) => Object.keys(table)),
    ...Object.keys(document.russianBlog.lookup),
  ];
  return keys.filter((key) => key.length > MAX_KEY_LENGTH).map((key) =>
    diagnostic('EDGE_KEY_TOO_LONG', `the edge document key "${key.slice(0, 60)}…" is ${key.length} characters (at most ${MAX_KEY_LENGTH})`));
}

function sizeBreakdown(document: EdgeConfig): string {
  const size = (value: unknown) => formatBytes(JSON.stringify(value).length);
  return `redirects ${size(document.redirects)}, Russian lookup ${size(document.russianBlog.lookup)}, page filter ${size(document.pages)}`;
}
