import { createElement } from 'react';
import { appLinkUrl } from '../model/browser-contract.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { getLocale, HOST_KEYS, LOCALES, SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import type { SiteIndex } from '../route/site-index.js';
import type { Tables } from '../model/data-tables.js';
import { hostDir } from '../route/urls.js';
import type { DrawnFile, ValidSite } from '../model/site.js';
import type { ImageFacts } from '../model/images.js';
import type { SocialImage } from '../model/social-image.js';
import { IN_MEMORY, type OutputBytes, type OutputFile, type PageStore } from '../model/output-file.js';
import { searchDigest } from '../model/search-part.js';
import { pageScripts, type PageScripts } from './js-report.js';
import { pageMeta } from './page-meta.js';
import type { Assets, PageProps, ShownPage, TemplateModule } from '../model/page-props.js';
import type { Progress } from '../model/progress.js';
import { runtimeConfigOf } from './runtime-config.js';
import { makeTranslator } from './translator.js';

export interface RenderedSite {
  files: OutputFile[];
  /** Each page's scripts (for the JS report) and record (for the next incremental build), by output path. */
  pages: Map<string, RenderedPage>;
  /** Pages taken from the previous output. */
  reused: number;
  /**
   * The 404 pages' bytes by each of their output paths, also where `files` only names the file
   * they are being written to: the Vercel middleware carries them (src/hosting/vercel-output.ts).
   */
  notFoundPages: Map<string, OutputBytes>;
  diagnostics: Diagnostic[];
}

/** What the build keeps of a rendered page: the manifest's entry. */
export interface RenderedPage extends PageRecord {
  scripts: PageScripts;
  /** Of an indexable page: what its part of the search index is a function of (searchDigest). */
  search?: string;
}

/** What a page's part of the search index is a function of: its search digest, or else its page key (a record kept by an older build). */
export const searchKeyOf = (page: RenderedPage): string => page.search ?? page.key;

/** Pages of the previous output whose inputs have not changed: their bytes (or the file holding them) and manifest entry. */
export type ReusablePages = ReadonlyMap<string, { bytes: OutputBytes; page: RenderedPage }>;

/** A page's key and the lookups its render made: an incremental build compares them next time. */
export interface PageRecord {
  key: string;
  /** Dependencies as "kind|argument", sorted. */
  deps: string[];
}

/**
 * How a render notes what each page read (src/incremental/page-keys.ts): the site index and data
 * tables the page's templates see, and its record once rendered. Rendering stays pure: the
 * recorder only watches.
 */
export interface PageRecorder {
  watch(page: Page): { index: SiteIndex; tables: Tables; record(): PageRecord };
}

/** What rendering any page of one build needs besides the page. */
export interface RenderContext {
  site: ValidSite;
  templates: TemplateModule;
  assets: Assets;
  buildId: string;
  recorder: PageRecorder;
  year: string | undefined;
  /** Message keys templates asked for that no messages file has, collected across pages. */
  unknownKeys: Set<string>;
  /**
   * Each indexable page's social image, by output path (src/social/). Not a page-key input of its
   * own: its name is a digest of the page's title, section name and site name, which the key holds.
   */
  social: ReadonlyMap<string, SocialImage>;
}

/** One page's HTML (encoded once: its other paths and the hosting copies share these bytes) and record. */
export type PageRender = { bytes: Uint8Array; record: RenderedPage } | { diagnostic: Diagnostic };

const encoder = new TextEncoder();

/**
 * Render one page with renderToStaticMarkup. Pure: templates get data and return markup. The
 * page's key is computed from the dependencies its render recorded.
 */
export function renderPage(page: Page, context: RenderContext): PageRender {
  const { site, templates, assets, buildId } = context;
  const watched = context.recorder.watch(page);
  const index = watched.index;
  const locale = getLocale(page.locale);
  const t = makeTranslator(site.messages, page.locale, context.unknownKeys);
  const faq = site.faq.get(page.locale) ?? [];
  const resolve = (route: string) => index.resolveRoute(route, page.locale);
  const home = index.byKey('home', page.locale)?.url ?? '/';
  // Spec §2: the error screen goes back to the site root for ru (no blog of its own), the localised blog otherwise.
  const errorBackUrl = (locale.ownBlog ? resolve('/blog') : undefined) ?? home;
  let own: ShownPage;
  try {
    own = shown(page);
  } catch (error) {
    return { diagnostic: diagnostic('BODY_MISSING', `rendering ${page.url}: ${(error as Error).message}`, { file: page.entry?.file, cause: error }) };
  }
  const props: PageProps = {
    page: own, locale, locales: LOCALES, t, config: site.config, tables: watched.tables,
    faq,
    meta: pageMeta(page, t, site.config, index, { tables: watched.tables, faq }, context.social.get(page.outputPath)),
    assets,
    appLinks: { register: appLinkUrl(site.config.app.registerUrl, page.locale), login: appLinkUrl(site.config.app.loginUrl, page.locale) },
    runtime: runtimeConfigOf(site.config, locale, t, { buildId, errorBackUrl, cookiePolicyUrl: resolve('/cookie-policy') }),
    resolve,
    pageOf: (key) => index.byKey(key, page.locale),
    images: imagesOf(site),
    year: context.year,
  };
  let html: string;
  try {
    html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(templates.Document, props))}`;
  } catch (error) {
    return { diagnostic: diagnostic('TEMPLATE_FAILED', `rendering ${page.url} (${page.template}) failed: ${(error as Error).message}`, { file: page.entry?.file, cause: error }) };
  }
  const record: RenderedPage = { ...watched.record(), scripts: pageScripts(page.url, page.template, html) };
  if (page.indexable) record.search = searchDigest(html);
  return { bytes: encoder.encode(html), record };
}

/** The page as its template gets it: its own entry with its body, read from where the build keeps bodies. */
function shown(page: Page): ShownPage {
  const { entry, ...rest } = page;
  return entry ? { ...rest, entry: { ...entry, ...entry.body.read() } } : rest;
}

/** The warnings for message keys no messages file has, at the source locale's messages file of the content folder. */
export function unknownKeyWarnings(unknownKeys: ReadonlySet<string>, contentDir: string): Diagnostic[] {
  const file = `${contentDir}/messages/${SOURCE_LOCALE}.yaml`;
  return [...unknownKeys].sort().map((key) => warning('MISSING_TRANSLATION', `a template uses message key "${key}", which no messages file has`, { file }));
}

/**
 * Render these pages: every page of a build, or the few a body edit changed (src/incremental/
 * body-edits.ts). A template that throws is reported for its page and the other pages still
 * render, so one build shows every failing page. Pages in `reusable` are not rendered: their
 * inputs are those of the previous output, so are their bytes. Each page's bytes go to `store` as
 * soon as they are made (to disk in a build that writes), and render waits while it is behind.
 * `progress` is told how many pages are done, reused ones included.
 */
export async function renderPages(pages: readonly Page[], build: Omit<RenderContext, 'unknownKeys'>, reusable: ReusablePages = new Map(), store: PageStore = IN_MEMORY, progress?: Progress): Promise<RenderedSite> {
  const files: OutputFile[] = [];
  const records = new Map<string, RenderedPage>();
  const notFoundPages = new Map<string, OutputBytes>();
  const diagnostics: Diagnostic[] = [];
  const context: RenderContext = { ...build, unknownKeys: new Set() };
  let reused = 0;
  let done = 0;
  for (const page of pages) {
    progress?.(done++, pages.length);
    const previous = reusable.get(page.outputPath);
    if (previous) {
      reused++;
      records.set(page.outputPath, previous.page);
      for (const path of [page.outputPath, ...page.extraOutputPaths]) files.push({ path, contents: previous.bytes });
      // A page of the previous output is a whole file already (the page cache's, or in memory).
      if (page.section === 'error-404') for (const path of [page.outputPath, ...page.extraOutputPaths]) notFoundPages.set(path, previous.bytes);
      continue;
    }
    const rendered = renderPage(page, context);
    if ('diagnostic' in rendered) {
      diagnostics.push(rendered.diagnostic);
      continue;
    }
    records.set(page.outputPath, rendered.record);
    const stored = store.put(page.outputPath, rendered.bytes);
    for (const path of [page.outputPath, ...page.extraOutputPaths]) files.push({ path, contents: stored });
    if (page.section === 'error-404') for (const path of [page.outputPath, ...page.extraOutputPaths]) notFoundPages.set(path, rendered.bytes);
    const behind = store.backlog();
    if (behind) await behind;
  }
  progress?.(done, pages.length);
  diagnostics.push(...unknownKeyWarnings(context.unknownKeys, build.site.contentDir));
  return { files, pages: records, reused, notFoundPages, diagnostics };
}

/** /builds/latest.json on every host: the runtime polls it and reloads when a newer build is live. */
export function buildManifests(site: ValidSite, buildId: string): OutputFile[] {
  return HOST_KEYS.map((host) => ({ path: `${hostDir(site.config, host)}/builds/latest.json`, contents: `${JSON.stringify({ buildId })}\n` }));
}

/** Public files and bundled assets are served from every host. */
export function copyToHosts(site: ValidSite, files: readonly OutputFile[]): OutputFile[] {
  return HOST_KEYS.flatMap((host) => files.map((f) => ({ path: `${hostDir(site.config, host)}${f.path}`, contents: f.contents })));
}

/**
 * What templates know of images: content/public's, and the drawn covers. A drawn cover's size is
 * the same for all (article-covers.ts) and its path is in its entry's front matter, which the page
 * keys digest: the page keys need not digest this map, only `site.images`.
 */
function imagesOf(site: ValidSite): ImageFacts {
  if (!site.drawn?.length) return site.images;
  // Kept by the drawn covers' list, not the site: a dev session's body edit makes a new site with
  // the same lists, and making this map again (56 000 covers at 4000 articles a locale) took 37 ms an edit.
  const known = withDrawn.get(site.drawn);
  if (known?.images === site.images) return known.merged;
  const merged = new Map([...site.images, ...site.drawn.map((f) => [f.path, f.fact] as const)]);
  withDrawn.set(site.drawn, { images: site.images, merged });
  return merged;
}

const withDrawn = new WeakMap<readonly DrawnFile[], { images: ImageFacts; merged: ImageFacts }>();

/** Files drawn for one host's pages (article covers) are served from that host. */
export function drawnFiles(site: ValidSite): OutputFile[] {
  return (site.drawn ?? []).map((f) => ({ path: `${hostDir(site.config, f.host)}${f.path}`, contents: f.bytes }));
}

/** Year of the newest content date (the copyright line; never the build clock). */
export function newestYear(site: ValidSite): string | undefined {
  // Asked by render and by the page keys of the same build: found once per site.
  if (years.has(site)) return years.get(site);
  let newest = '';
  for (const entry of site.entries) {
    const date = entry.meta.updated ?? entry.meta.date;
    if (date && date > newest) newest = date;
  }
  const year = newest ? newest.slice(0, 4) : undefined;
  years.set(site, year);
  return year;
}

const years = new WeakMap<ValidSite, string | undefined>();
