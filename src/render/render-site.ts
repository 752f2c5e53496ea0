import { createElement, type ComponentType } from 'react';
import { appLinkUrl } from '../../client/visitor/app-links.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { getLocale, HOST_KEYS, LOCALES, SOURCE_LOCALE, type LocaleCode } from '../locales/locale-table.js';
import type { Page } from '../route/page.js';
import type { RoutedSite } from '../route/route-site.js';
import { hostDir } from '../route/urls.js';
import type { ValidSite } from '../validate/validate-site.js';
import type { OutputFile } from './output-file.js';
import { pageScripts, type PageScripts } from './js-report.js';
import { pageKey, trackingIndex, trackingTables, type KeyMemo, type PageRecord } from './page-inputs.js';
import { pageMeta } from './page-meta.js';
import type { Assets, PageProps } from './page-props.js';
import { runtimeConfigOf } from './runtime-config.js';
import { makeTranslator } from './translator.js';

/** What the compiled templates module exports (templates/index.tsx). */
export interface TemplateModule {
  Document: ComponentType<PageProps>;
}

export interface RenderedSite {
  files: OutputFile[];
  /** Each page's scripts (for the JS report) and record (for the next incremental build), by output path. */
  pages: Map<string, RenderedPage>;
  /** Pages taken from the previous output. */
  reused: number;
  diagnostics: Diagnostic[];
}

/** What the build keeps of a rendered page: the manifest's entry. */
export interface RenderedPage extends PageRecord {
  scripts: PageScripts;
}

/** Pages of the previous output whose inputs have not changed: their bytes and manifest entry. */
export type ReusablePages = ReadonlyMap<string, { bytes: Uint8Array; page: RenderedPage }>;

export interface RenderInputs {
  /** Site-wide inputs per locale (page-inputs.ts). */
  site: (locale: LocaleCode) => string;
  /** Summaries and dependency values, shared with the reuse decision so each is computed once. */
  memo: KeyMemo;
}

/** What rendering any page of one build needs besides the page. */
export interface RenderContext {
  site: ValidSite;
  routed: Pick<RoutedSite, 'index'>;
  templates: TemplateModule;
  assets: Assets;
  buildId: string;
  inputs: RenderInputs;
  year: string | undefined;
  /** Message keys templates asked for that no messages file has, collected across pages. */
  unknownKeys: Set<string>;
}

/** One page's HTML (encoded once: its other paths and the hosting copies share these bytes) and record. */
export type PageRender = { bytes: Uint8Array; record: RenderedPage } | { diagnostic: Diagnostic };

const encoder = new TextEncoder();

/**
 * Render one page with renderToStaticMarkup. Pure: templates get data and return markup. The
 * page's key is computed from the dependencies its render recorded.
 */
export function renderPage(page: Page, context: RenderContext): PageRender {
  const { site, routed, templates, assets, buildId, inputs } = context;
  const deps = new Set<string>();
  const index = trackingIndex(routed.index, deps);
  const locale = getLocale(page.locale);
  const t = makeTranslator(site.messages, page.locale, context.unknownKeys);
  const resolve = (route: string) => index.resolveRoute(route, page.locale);
  const home = index.byKey('home', page.locale)?.url ?? '/';
  // Spec §2: the error screen goes back to the site root for ru (no blog of its own), the localised blog otherwise.
  const errorBackUrl = (locale.ownBlog ? resolve('/blog') : undefined) ?? home;
  const props: PageProps = {
    page, locale, locales: LOCALES, t, config: site.config, tables: trackingTables(site.tables, deps),
    faq: site.faq.get(page.locale) ?? [],
    meta: pageMeta(page, t, site.config, index),
    assets,
    appLinks: { register: appLinkUrl(site.config.app.registerUrl, page.locale), login: appLinkUrl(site.config.app.loginUrl, page.locale) },
    runtime: runtimeConfigOf(site.config, locale, t, { buildId, errorBackUrl }),
    resolve,
    pageOf: (key) => index.byKey(key, page.locale),
    images: site.images,
    year: context.year,
  };
  let html: string;
  try {
    html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(templates.Document, props))}`;
  } catch (error) {
    return { diagnostic: diagnostic('TEMPLATE_FAILED', `rendering ${page.url} (${page.template}) failed: ${(error as Error).message}`, { file: page.entry?.file, cause: error }) };
  }
  const key = pageKey(page, inputs.site(page.locale), deps, routed.index, inputs.memo);
  return { bytes: encoder.encode(html), record: { key, deps: [...deps].sort(), scripts: pageScripts(page.url, page.template, html) } };
}

/** The warnings for message keys no messages file has, at the source locale's messages file of the content folder. */
export function unknownKeyWarnings(unknownKeys: ReadonlySet<string>, contentDir: string): Diagnostic[] {
  const file = `${contentDir}/messages/${SOURCE_LOCALE}.yaml`;
  return [...unknownKeys].sort().map((key) => warning('MISSING_TRANSLATION', `a template uses message key "${key}", which no messages file has`, { file }));
}

/**
 * Render every page. A template that throws is reported for its page and the other pages still
 * render, so one build shows every failing page. Pages in `reusable` are not rendered: their
 * inputs are those of the previous output, so are their bytes.
 */
export function renderPages(routed: RoutedSite, build: Omit<RenderContext, 'routed' | 'unknownKeys'>, reusable: ReusablePages): RenderedSite {
  const files: OutputFile[] = [];
  const pages = new Map<string, RenderedPage>();
  const diagnostics: Diagnostic[] = [];
  const context: RenderContext = { ...build, routed, unknownKeys: new Set() };
  let reused = 0;
  for (const page of routed.pages) {
    const previous = reusable.get(page.outputPath);
    const rendered = previous ? { bytes: previous.bytes, record: previous.page } : renderPage(page, context);
    if (previous) reused++;
    if ('diagnostic' in rendered) {
      diagnostics.push(rendered.diagnostic);
      continue;
    }
    pages.set(page.outputPath, rendered.record);
    for (const path of [page.outputPath, ...page.extraOutputPaths]) files.push({ path, contents: rendered.bytes });
  }
  diagnostics.push(...unknownKeyWarnings(context.unknownKeys, build.site.contentDir));
  return { files, pages, reused, diagnostics };
}

/** /builds/latest.json on every host: the runtime polls it and reloads when a newer build is live. */
export function buildManifests(site: ValidSite, buildId: string): OutputFile[] {
  return HOST_KEYS.map((host) => ({ path: `${hostDir(site.config, host)}/builds/latest.json`, contents: `${JSON.stringify({ buildId })}\n` }));
}

/** Public files and bundled assets are served from every host. */
export function copyToHosts(site: ValidSite, files: readonly { path: string; contents: string | Uint8Array }[]): OutputFile[] {
  return HOST_KEYS.flatMap((host) => files.map((f) => ({ path: `${hostDir(site.config, host)}${f.path}`, contents: f.contents })));
}

export function newestYear(site: ValidSite): string | undefined {
  const dates = site.entries.map((e) => e.meta.updated ?? e.meta.date).filter((d): d is string => !!d).sort();
  return dates.at(-1)?.slice(0, 4);
}
