import { collectOutput } from '../emit/emit-site.js';
import { SEARCH_BUNDLE } from '../model/browser-contract.js';
import { HOST_KEYS } from '../model/locale-table.js';
import { inMemory, type OutputFile } from '../model/output-file.js';
import { SOURCE_MAP_PATH, type SourceMap } from '../model/page-sources.js';
import { editableSourceMap, editableSourceMapFile, editPages, type EditableSourceMap } from '../render/source-map.js';
import { searchKeyOf } from '../render/render-site.js';
import { hostDir } from '../route/urls.js';
import { indexSearch, type SearchCache } from '../search/index-search.js';
import { keepIndexers } from '../search/pagefind-service.js';
import { prepareForEdits } from './body-edits.js';
import type { LastBuild } from './last-build.js';
import type { BuildSession, CatchUpStart } from './session.js';

/**
 * What follows a dev edit to Markdown bodies (body-edits.ts) in the background: the pages are served
 * at once, then the page source map (reports/sources.json: the edited pages' links, images and first
 * paragraph may have moved) and the search index catch up. The search stage runs over the session's
 * current pages, taking every locale but the edited ones from the cache, and its files are swapped
 * into the session's output in place. Catch-ups run one after another, each on the session's latest
 * state; `session.search` is the last one (tests and close() wait for it). A search that fails
 * leaves the previous index: the next full build reports the problem.
 *
 * Both were part of the edit once: at 1000 articles a locale the map is tens of megabytes of JSON,
 * parsed, updated and written again on every keystroke, and the edit took 0.3–0.6 s instead of tens
 * of milliseconds. Started from a timer right after the edit, the catch-up (a shard indexed again in
 * Pagefind's process, the map copied around the edited pages) still landed where a writer's next
 * save did: with saves 0.3 s apart the median edit took twice as long as without it.
 *
 * So a catch-up waits for the saves to stop: it starts `session.catchUpQuietMs` (CATCH_UP_QUIET_MS
 * by default) after the last save, counted from when the catch-up before it ended. It is held
 * while a rebuild runs (dev-rebuild.ts, whatever the save was: a body edit puts its pages in place
 * before it renders them, and a catch-up must not read them half done), and the quiet time starts
 * again after it; the body edits made while it waits join it. The map and the index follow a
 * second after the last save. A full build that succeeds while one waits makes it needless (that
 * build wrote both): it is dropped. One not started when the session closes never starts.
 */
export function catchUp(session: BuildSession, cache: SearchCache, edited: readonly string[]): Promise<void> {
  // An edit while a catch-up waits to start (behind a running one, or for its timer) joins it: one catch-up covers a burst of saves.
  const waiting = session.catchUpWaiting;
  if (waiting) {
    for (const path of edited) waiting.add(path);
    return session.search!;
  }
  const paths = new Set(edited);
  session.catchUpWaiting = paths;
  // The indexer processes stay up for the next edits until the session closes.
  session.releaseIndexers ??= keepIndexers();
  const start = quietStart(session.catchUpQuietMs ?? CATCH_UP_QUIET_MS, () => {
    if (session.catchUpWaiting === paths) session.catchUpWaiting = undefined;
  });
  session.catchUpStart = start;
  const refresh = async () => {
    if (session.catchUpStart === start) session.catchUpStart = undefined;
    if (start.dropped) return;
    session.catchUpWaiting = undefined;
    const last = session.last;
    if (!last || session.closed) return;
    if (!refreshSourceMap(last, [...paths])) {
      // The edited pages take a text from a message no page used before (which a body edit cannot
      // cause): the map cannot say where it is, so the next change builds in full.
      session.last = undefined;
      return;
    }
    const { output, pages } = last;
    const searched = await indexSearch({
      pages: last.routed.pages,
      hostDir: (host) => hostDir(last.config, host),
      keyOf: (page) => searchKeyOf(pages.get(page.outputPath)!),
      htmlOf: async (page) => new TextDecoder().decode(output.get(page.outputPath)),
      pagesPerIndex: last.config.search.pagesPerIndex,
    }, cache);
    if (searched.diagnostics.some((d) => d.severity === 'error')) return;
    replaceSearchFiles(output, HOST_KEYS.map((host) => hostDir(last.config, host)), searched.files);
    last.stats.search = searched.stats;
  };
  session.search = (session.search ?? Promise.resolve())
    .then(() => start.arm())
    .then(refresh)
    .catch(() => undefined);
  return session.search;
}

/**
 * Milliseconds without a save before a catch-up starts. Longer than the gap between the saves of
 * an autosave or a writer saving as they type (0.3 s in the benchmark), shorter than the time a
 * writer takes to switch to the browser and search.
 */
export const CATCH_UP_QUIET_MS = 1000;

/**
 * A start `ms` after `arm()` (called once the catch-up before has ended) or after the last
 * `resume()` since then (a rebuild ended), and never while held. From a timer even at 0 ms: the edit
 * that asked is served before a catch-up takes this thread.
 */
function quietStart(ms: number, forget: () => void): CatchUpStart & { arm(): Promise<void>; readonly dropped: boolean } {
  let go!: () => void;
  const started = new Promise<void>((resolve) => (go = resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armed = false;
  let held = false;
  let done = false;
  let dropped = false;
  const fire = () => {
    clearTimeout(timer);
    done = true;
    go();
  };
  const wait = () => {
    clearTimeout(timer);
    if (armed && !held && !done) timer = setTimeout(fire, ms);
  };
  return {
    get dropped() {
      return dropped;
    },
    arm() {
      armed = true;
      wait();
      return started;
    },
    hold() {
      held = true;
      clearTimeout(timer);
    },
    resume() {
      held = false;
      wait();
    },
    drop() {
      dropped = true;
      forget();
      fire();
    },
    now: fire,
  };
}

/**
 * The session's editable source map (none when its output has no map), made from the one in its
 * output the first time it is asked: tens of megabytes of JSON at 1000 articles a locale, a few
 * hundred milliseconds. The dev session's warm-up asks, so the first edit's catch-up does not pay.
 */
export function prepareSourceMap(last: LastBuild): EditableSourceMap | undefined {
  const bytes = last.output.get(SOURCE_MAP_PATH);
  if (!bytes) return undefined;
  return (last.sourceMap ??= editableSourceMap(JSON.parse(new TextDecoder().decode(bytes)) as SourceMap));
}

/**
 * The source map with the edited pages' sources as the session's site now has them. The map is kept
 * between edits as its file and where each page is in it (`last.sourceMap`; the one in the output
 * is this session's own, read once, not validated). False when it cannot be brought up to date.
 */
function refreshSourceMap(last: LastBuild, edited: readonly string[]): boolean {
  const map = prepareSourceMap(last);
  if (!map) return true;
  const { positions } = prepareForEdits(last);
  // Pages a full build made since no longer has are left out (that build wrote its own map).
  const pages = edited.flatMap((path) => {
    const at = positions.pages.get(path);
    return at === undefined ? [] : [last.routed.pages[at]!];
  });
  if (!editPages(map, last.site, pages)) return false;
  for (const [path, file] of inMemory(collectOutput([editableSourceMapFile(map)]).output)) last.output.set(path, file);
  return true;
}

/**
 * Puts a host's new index files where its old ones were: in its folder, and in every copy of the
 * folder a hosting target keeps (the Vercel output's static/), after removing the old files. One
 * pass over the output's paths (a large site's output has over a hundred thousand).
 */
export function replaceSearchFiles(output: Map<string, Uint8Array>, hosts: readonly string[], files: readonly OutputFile[]): void {
  // Where a path is: under which host's search folder, and in which place ('' or, say, '.vercel/output/static/').
  const folderOf = (path: string) => {
    const at = path.indexOf(`${SEARCH_BUNDLE}/`);
    const host = at < 0 ? undefined : hosts.find((h) => path.startsWith(`${h}${SEARCH_BUNDLE}/`, at - h.length));
    return host === undefined ? undefined : { host, place: path.slice(0, at - host.length), file: path.slice(at - host.length) };
  };
  const script = `${SEARCH_BUNDLE}/pagefind.js`;
  const old = [...output.keys()].flatMap((path) => {
    const folder = folderOf(path);
    return folder ? [{ path, ...folder }] : [];
  });
  // The places of a host's folder: where its pagefind.js is.
  const places = new Map(hosts.map((host) => [host, old.filter((o) => o.host === host && o.file === `${host}${script}`).map((o) => o.place)]));
  for (const { path, host, place } of old) if (places.get(host)!.includes(place)) output.delete(path);
  for (const file of files) {
    const folder = folderOf(file.path);
    if (!folder || folder.place !== '') continue;
    const bytes = typeof file.contents === 'string' ? new TextEncoder().encode(file.contents) : (file.contents as Uint8Array);
    for (const place of places.get(folder.host)!) output.set(`${place}${file.path}`, bytes);
  }
}
