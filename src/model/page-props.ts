import type { ComponentType } from 'react';
import type { RuntimeConfig } from '../model/browser-contract.js';
import type { SiteConfig } from '../model/site-config.js';
import type { ImageFacts } from '../model/images.js';
import type { Locale } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import type { BodyContent } from '../model/markdown.js';
import type { Entry } from '../model/site.js';
import type { SocialImage } from '../model/social-image.js';
import type { FaqEntry, Tables } from '../model/data-tables.js';

/** Title, description and structured data of a page, decided in src/render so templates only place them. */
export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  ogType: 'website' | 'article';
  /** The article's cover (absolute URL), for its structured data. */
  image?: string;
  /** The page's social image (og:image, twitter:card): every indexable page has one (docs/social-images.md). */
  social?: SocialImage;
  /** Serialised, escaped JSON-LD blocks. */
  jsonLd: string[];
  robots?: string;
  prev?: string;
  next?: string;
}

export interface Assets {
  /** Stylesheet URLs (host-relative). */
  css: string[];
  /** Module script URL of the client runtime. */
  js: string;
  /** URL of the SVG icon sprite. */
  sprite: string;
  /** The design tokens the browser and the web app manifest colour the site's frame with (templates/styles/tokens.css). */
  colours: { theme: string; background: string };
}

/**
 * The page a template renders: its own entry comes with its body (`entry.html`, `entry.headings`),
 * read for this render. Other pages' entries (list items, `pageOf`) come without: a build keeps
 * bodies out of memory, and a page shows only its own (model/markdown.ts).
 */
export type ShownPage = Omit<Page, 'entry'> & { entry?: Entry & BodyContent };

/** Everything a template gets. Templates are pure functions of this: no I/O, no clock. */
export interface PageProps {
  page: ShownPage;
  meta: PageMeta;
  locale: Locale;
  locales: readonly Locale[];
  t: Translate;
  config: SiteConfig;
  tables: Tables;
  faq: FaqEntry[];
  assets: Assets;
  /** What the browser runtime is told about this page (embedded as JSON). */
  runtime: RuntimeConfig;
  /** Register and login URLs with rel and lang added (spec §5). */
  appLinks: { register: string; login: string };
  /** Localised URL of a site route, or undefined where the locale does not have it. */
  resolve(route: string): string | undefined;
  /** A page of this locale by key. */
  pageOf(key: string): Page | undefined;
  /** Size and variants of a site image (content/public) by the path it is served at. */
  images: ImageFacts;
  /** Year of the newest content date, for the copyright line (never the build clock). */
  year?: string;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What the compiled templates module exports (templates/index.tsx). */
export interface TemplateModule {
  Document: ComponentType<PageProps>;
}
