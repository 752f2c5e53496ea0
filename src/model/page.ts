import type { HostKey, LocaleCode } from './locale-table.js';
import type { Section } from './collections.js';
import type { Entry } from './site.js';

/** The React template that renders a page (templates/pages/<name>.tsx). */
export type TemplateName =
  | 'home' | 'markdown-page' | 'pricing' | 'download' | 'faq' | 'links' | 'icons' | 'error'
  | 'article' | 'article-list' | 'docs-page' | 'docs-index' | 'card-list' | 'detail'
  /** A use-case or solution page: problem, how PolyBrowser helps, the features used, a call to action. */
  | 'problem-solution'
  /** Privacy policy, terms of use, cookie policy: no call to action; the cookie policy lists the site's cookies. */
  | 'legal-page'
  /** The locale's search page: results for ?q= from the host's search index (docs/search.md). */
  | 'search';

export type Layout = 'default' | 'error' | 'svg-sprite';

export interface Alternate {
  hreflang: string;
  url: string;
}

export interface SwitchTarget {
  locale: LocaleCode;
  url: string;
  current: boolean;
}

export interface Crumb {
  /** Message key or literal text for the crumb. */
  label: { key: string } | { text: string };
  url: string;
}

export interface ListInfo {
  items: Entry[];
  page: number;
  pageCount: number;
  /** Key of page 1 of this list, for prev/next URLs. */
  firstKey: string;
  category?: string;
  tag?: string;
  /** Categories of the section that have pages in this locale, for the filter bar. */
  categories: string[];
  /** Tags that have pages under the current category. */
  tags: string[];
}

export interface Page {
  /** Locale-independent identity: pages with one key are one page in several languages. */
  key: string;
  template: TemplateName;
  layout: Layout;
  /** Section for content pages and lists; the page name for standalone pages (pricing, faq, ...). */
  section: Section | string;
  locale: LocaleCode;
  host: HostKey;
  /** Host-relative path, lowercase, no trailing slash: /vn/blog/x. */
  path: string;
  /** Absolute canonical URL. */
  url: string;
  /** Where the HTML goes, relative to the output directory. */
  outputPath: string;
  /** Further copies of the same HTML (404.html for static hosts). */
  extraOutputPaths: string[];
  indexable: boolean;
  entry?: Entry;
  list?: ListInfo;
  /** Key of the parent page, for breadcrumbs and switcher fallbacks. */
  parentKey?: string;
  lastmod?: string;
  alternates: Alternate[];
  switcher: SwitchTarget[];
  breadcrumbs: Crumb[];
}
