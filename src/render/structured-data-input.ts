import type { Thing, WithContext } from 'schema-dts';
import type { FaqEntry, Tables } from '../model/data-tables.js';
import type { Page } from '../model/page.js';
import type { Translate } from '../model/page-props.js';
import type { SiteConfig } from '../model/site-config.js';
import type { SiteIndex } from '../route/site-index.js';

/** What a page's structured data is made of: the page and what its render may read. */
export interface StructuredDataInput {
  page: Page;
  t: Translate;
  config: SiteConfig;
  /** The site index and tables as the render sees them (recording what it reads, src/incremental/page-keys.ts). */
  index: SiteIndex;
  tables: Tables;
  /** The FAQ entries of the page's locale. */
  faq: readonly FaqEntry[];
  /** The page's meta description, as the head shows it. */
  description: string;
  /** The page's share image (absolute), if it has one. */
  image?: string;
}

/** A top-level node of a type: an object (schema-dts types also allow a bare string) with its @context. */
export type LdNode<T extends Thing = Thing> = WithContext<Exclude<T, string>>;
