import { SEARCH_BUNDLE } from '../model/browser-contract.js';
import { HOST_KEYS } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import { hostDir } from '../route/urls.js';
import { indexSearch, type SearchCache } from '../search/index-search.js';
import type { BuildSession } from './session.js';

/**
 * The search index after a dev edit to Markdown bodies (body-edits.ts). The pages are served at
 * once; the index follows in the background, so an edit still shows in milliseconds: the search
 * stage runs over the session's current pages, taking every locale but the edited ones from the
 * cache, and swaps its files into the session's output in place. Refreshes run one after another,
 * each on the session's latest state; `session.search` is the last one (tests and close() wait for
 * it). A refresh that fails leaves the previous index: the next full build reports the problem.
 */
export function refreshSearch(session: BuildSession, cache: SearchCache): Promise<void> {
  const refresh = async () => {
    const last = session.last;
    if (!last) return;
    const { output, pages } = last;
    const searched = await indexSearch({
      pages: last.routed.pages,
      hostDir: (host) => hostDir(last.config, host),
      keyOf: (page) => pages.get(page.outputPath)!.key,
      htmlOf: async (page) => new TextDecoder().decode(output.get(page.outputPath)),
    }, cache);
    if (searched.diagnostics.some((d) => d.severity === 'error')) return;
    replaceSearchFiles(output, HOST_KEYS.map((host) => hostDir(last.config, host)), searched.files);
    last.stats.search = searched.stats;
  };
  session.search = (session.search ?? Promise.resolve()).then(refresh).catch(() => undefined);
  return session.search;
}

/**
 * Puts a host's new index files where its old ones were: in its folder, and in every copy of the
 * folder a hosting target keeps (the Vercel output's static/), after removing the old files.
 */
export function replaceSearchFiles(output: Map<string, Uint8Array>, hosts: readonly string[], files: readonly OutputFile[]): void {
  const script = `${SEARCH_BUNDLE}/pagefind.js`;
  for (const host of hosts) {
    const folder = `${host}${SEARCH_BUNDLE}/`;
    // Where the host's folder is in the output: '' and, say, '.vercel/output/static/'.
    const places = [...output.keys()].filter((path) => path.endsWith(`${host}${script}`)).map((path) => path.slice(0, -`${host}${script}`.length));
    for (const path of [...output.keys()]) if (places.some((place) => path.startsWith(`${place}${folder}`))) output.delete(path);
    for (const file of files) {
      if (!file.path.startsWith(folder)) continue;
      const bytes = typeof file.contents === 'string' ? new TextEncoder().encode(file.contents) : (file.contents as Uint8Array);
      for (const place of places) output.set(`${place}${file.path}`, bytes);
    }
  }
}
