import type { SourcePlace } from '../errors/site-error.js';
import { getLocale, type HostKey } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import { localePath } from '../route/urls.js';
import type { ValidSite } from '../model/site.js';

/** One redirect the content declares: from a path on a host to a path there or an absolute URL. */
export interface RedirectSource {
  host: HostKey;
  from: string;
  to: string;
  place: SourcePlace;
}

/**
 * Redirects from front matter `aliases` (an old slug replaces the last segment of the page's own
 * path; an old path is locale-relative, so `/old` in a vn file means /vn/old) and from
 * content/data/redirects.yaml (host paths, written as visitors typed them).
 */
export function collectRedirectSources(site: ValidSite, pages: readonly Page[]): RedirectSource[] {
  const sources: RedirectSource[] = [];
  for (const page of pages) {
    if (!page.entry) continue;
    for (const { alias, place } of page.entry.aliases) {
      const from = alias.startsWith('/')
        ? localePath(getLocale(page.locale), alias)
        : `${page.path.slice(0, page.path.lastIndexOf('/'))}/${alias}`;
      sources.push({ host: page.host, from, to: page.path, place });
    }
  }
  for (const row of site.redirects) sources.push({ host: row.host, from: row.from, to: row.to, place: row.place });
  return sources;
}
