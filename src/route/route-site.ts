import { codeFrame, type SourceText } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { Entry, ValidSite } from '../model/site.js';
import { buildPages } from './build-pages.js';
import { linkPages } from './link-pages.js';
import type { Page } from '../model/page.js';
import { indexPages, type SiteIndex } from './site-index.js';

export interface RoutedSite {
  pages: Page[];
  index: SiteIndex;
  diagnostics: Diagnostic[];
}

/** The route table with its cross-links, plus the checks that need it (one URL per page, links). */
export function routeSite(site: ValidSite): RoutedSite {
  const pages = buildPages(site);
  const diagnostics = findDuplicateRoutes(pages);
  const index = indexPages(pages, site.config);
  linkPages(index, site.config);
  diagnostics.push(...checkContentLinks(site, index));
  return { pages, index, diagnostics };
}

/** A feature slug equal to a standalone route, or two slugs that collide, would overwrite a page. */
function findDuplicateRoutes(pages: Page[]): Diagnostic[] {
  const seen = new Map<string, Page>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const key = `${page.host}${page.path}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, page);
      continue;
    }
    const culprit = page.entry ?? first.entry;
    diagnostics.push(diagnostic('DUPLICATE_ROUTE', `${page.url} would be served by both ${describe(first)} and ${describe(page)}`, { file: culprit?.file }));
  }
  return diagnostics;
}

function describe(page: Page): string {
  return page.entry ? page.entry.file : `the ${page.key} page`;
}

/** Every internal link and image in Markdown must reach a page or file that the build emits. */
function checkContentLinks(site: ValidSite, index: SiteIndex): Diagnostic[] {
  return site.entries.flatMap((entry) => checkEntryLinks(entry, site.assets, index, site.sourceText));
}

/** The links and images of one entry's Markdown that reach nothing the build emits. */
export function checkEntryLinks(entry: Entry, assets: ReadonlyMap<string, Uint8Array>, index: SiteIndex, text: SourceText): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const link of entry.links) {
    const isFile = link.kind !== 'page';
    const exists = isFile ? assets.has(link.path) : !!index.byPath(link.host, normalise(link.path));
    if (exists) continue;
    const what = isFile ? `file ${link.path}` : `page ${link.path}`;
    diagnostics.push(diagnostic(isFile ? 'MISSING_ASSET' : 'BROKEN_LINK', `link "${link.written}" points to ${what}, which does not exist in ${entry.locale}`, {
      file: entry.file, position: link.position, frame: codeFrame(text(entry.file) ?? '', link.position),
    }));
  }
  return diagnostics;
}

function normalise(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed || '/';
}
