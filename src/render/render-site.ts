import { createElement, type ComponentType } from 'react';
import { appLinkUrl } from '../../client/visitor/app-links.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { getLocale, HOST_KEYS, LOCALES } from '../locales/locale-table.js';
import type { RoutedSite } from '../route/route-site.js';
import { hostDir } from '../route/urls.js';
import type { ValidSite } from '../validate/validate-site.js';
import type { OutputFile } from './output-file.js';
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
  diagnostics: Diagnostic[];
}

/**
 * Render every page with renderToStaticMarkup. Pure: templates get data and return markup; the
 * outputs are returned, not written. A template that throws is reported for its page and the other
 * pages still render, so one build shows every failing page.
 */
export function renderPages(site: ValidSite, routed: RoutedSite, templates: TemplateModule, assets: Assets, buildId: string): RenderedSite {
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const unknownKeys = new Set<string>();
  const year = newestYear(site);
  for (const page of routed.pages) {
    const locale = getLocale(page.locale);
    const t = makeTranslator(site.messages, page.locale, unknownKeys);
    const resolve = (route: string) => routed.index.resolveRoute(route, page.locale);
    const home = routed.index.byKey('home', page.locale)?.url ?? '/';
    // Spec §2: the error screen goes back to the site root for ru (no blog of its own), the localised blog otherwise.
    const errorBackUrl = (locale.ownBlog ? resolve('/blog') : undefined) ?? home;
    const props: PageProps = {
      page, locale, locales: LOCALES, t, config: site.config, tables: site.tables,
      faq: site.faq.get(page.locale) ?? [],
      meta: pageMeta(page, t, site.config, routed.index),
      assets,
      appLinks: { register: appLinkUrl(site.config.app.registerUrl, page.locale), login: appLinkUrl(site.config.app.loginUrl, page.locale) },
      runtime: runtimeConfigOf(site.config, locale, t, { buildId, errorBackUrl }),
      resolve,
      pageOf: (key) => routed.index.byKey(key, page.locale),
      images: site.images,
      year,
    };
    let html: string;
    try {
      html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(templates.Document, props))}`;
    } catch (error) {
      diagnostics.push(diagnostic('TEMPLATE_FAILED', `rendering ${page.url} (${page.template}) failed: ${(error as Error).message}`, { file: page.entry?.file, cause: error }));
      continue;
    }
    files.push({ path: page.outputPath, contents: html });
    for (const extra of page.extraOutputPaths) files.push({ path: extra, contents: html });
  }
  for (const key of [...unknownKeys].sort()) {
    diagnostics.push(warning('MISSING_TRANSLATION', `a template uses message key "${key}", which no messages file has`, { file: 'content/messages/en.yaml' }));
  }
  return { files, diagnostics };
}

/** /builds/latest.json on every host: the runtime polls it and reloads when a newer build is live. */
export function buildManifests(site: ValidSite, buildId: string): OutputFile[] {
  return HOST_KEYS.map((host) => ({ path: `${hostDir(site.config, host)}/builds/latest.json`, contents: `${JSON.stringify({ buildId })}\n` }));
}

/** Public files and bundled assets are served from every host. */
export function copyToHosts(site: ValidSite, files: readonly { path: string; contents: string | Uint8Array }[]): OutputFile[] {
  return HOST_KEYS.flatMap((host) => files.map((f) => ({ path: `${hostDir(site.config, host)}${f.path}`, contents: f.contents })));
}

function newestYear(site: ValidSite): string | undefined {
  const dates = site.entries.map((e) => e.meta.updated ?? e.meta.date).filter((d): d is string => !!d).sort();
  return dates.at(-1)?.slice(0, 4);
}
