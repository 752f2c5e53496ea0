import type { ClientChunk } from '../bundle/bundle-client.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { formatBytes } from '../format/format-bytes.js';
import { intern } from '../format/intern.js';
import type { OutputFile } from '../model/output-file.js';

/**
 * The per-page JavaScript report (dist/reports/js.json) and its budget check. For each page:
 * - initial: what a phone loads without any interaction: the entry, its static imports, and for each
 *   island that does not wait for an interaction (data-load other than "interaction") its chunk and
 *   the UI chunk that hydrates it (React, client/ui.ts);
 * - total: everything the page can ever load: also every on-demand chunk the entry may import
 *   (toasts, analytics, chat, ...), but only the islands the page has. The budget applies to this.
 * - renderBlocking: classic scripts in <head> without async or defer (module scripts never block).
 */
export interface PageJs {
  page: string;
  template: string;
  islands: string[];
  initialGzip: number;
  totalGzip: number;
  renderBlockingBytes: number;
}

export interface JsReport {
  budgetGzip: number;
  renderBlockingBudget: number;
  chunks: { path: string; entry?: string; bytes: number; gzipBytes: number }[];
  byTemplate: Record<string, { pages: number; initialGzip: number; totalGzip: number }>;
  pages: PageJs[];
}

/** What the report needs of a page, read from its HTML once (and kept for pages an incremental build reuses). */
export interface PageScripts {
  url: string;
  template: string;
  /** Islands in document order, with their data-load. */
  islands: { name: string; load: string }[];
  /** Classic scripts in <head> without async or defer: an external one by src, an inline one by its bytes. */
  blocking: ({ src: string } | { inlineBytes: number })[];
}

/** The most JavaScript (gzip) any page loads: a loop, as a spread of 84 000 pages into Math.max would overflow the stack. */
export const maxGzipOf = (report: JsReport): number => report.pages.reduce((max, page) => Math.max(max, page.totalGzip), 0);

const ISLAND_ENTRY = /^client\/islands\/([a-z-]+)\.tsx$/;
const HYDRATE_ENTRY = 'client/ui.ts';

export function jsReport(pages: readonly PageScripts[], chunks: readonly ClientChunk[], entry: string, budget: { budgetGzip: number; renderBlockingBudget: number }): { report: JsReport; diagnostics: Diagnostic[] } {
  const byPath = new Map(chunks.map((c) => [c.path, c]));
  const islandChunk = new Map<string, string>();
  let hydrateChunk: string | undefined;
  for (const chunk of chunks) {
    const island = chunk.entry?.match(ISLAND_ENTRY)?.[1];
    if (island) islandChunk.set(island, chunk.path);
    if (chunk.entry === HYDRATE_ENTRY) hydrateChunk = chunk.path;
  }
  const closure = (roots: string[], follow: (from: string, to: string, dynamic: boolean) => boolean) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const path = stack.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const edge of byPath.get(path)?.imports ?? []) if (follow(path, edge.path, edge.dynamic)) stack.push(edge.path);
    }
    return seen;
  };
  const gzipOf = (paths: Set<string>) => [...paths].reduce((sum, p) => sum + (byPath.get(p)?.gzipBytes ?? 0), 0);
  const allIslandChunks = new Set(islandChunk.values());
  // The island registry is part of what the entry loads at once: its imports of island chunks are the
  // ones a page makes only for the islands it has. Another chunk importing an island's chunk (to show
  // it as a widget) can load it on any page.
  const registry = closure([entry], (_from, _to, dynamic) => !dynamic);
  // Pages with the same islands load the same JavaScript: compute each set once.
  const sizes = new Map<string, { initial: number; total: number }>();
  const chunksOf = (names: string[]) => new Set(names.map((i) => islandChunk.get(i)).filter((p): p is string => !!p));
  const sizesOf = (islands: string[], eager: string[]) => {
    const key = `${islands.join(',')}|${eager.join(',')}`;
    let size = sizes.get(key);
    if (!size) {
      const present = chunksOf(islands);
      const eagerChunks = chunksOf(eager);
      const initialRoots = [entry, ...eagerChunks, ...(eager.length && hydrateChunk ? [hydrateChunk] : [])];
      const initial = closure(initialRoots, (_from, _to, dynamic) => !dynamic);
      const total = closure([entry], (from, to) => !allIslandChunks.has(to) || present.has(to) || !registry.has(from));
      size = { initial: gzipOf(initial), total: gzipOf(total) };
      sizes.set(key, size);
    }
    return size;
  };

  const diagnostics: Diagnostic[] = [];
  const over = new Map<string, { url: string; total: number }[]>();
  const report: JsReport = { ...budget, chunks: chunks.map(({ imports: _imports, ...c }) => c), byTemplate: {}, pages: [] };
  for (const page of pages) {
    const islands = [...new Set(page.islands.map((i) => i.name))].sort();
    const eager = [...new Set(page.islands.filter((i) => i.load !== 'interaction').map((i) => i.name))].sort();
    const { initial, total } = sizesOf(islands, eager);
    const blocking = page.blocking.reduce((sum, script) => sum + ('src' in script ? (byPath.get(script.src)?.gzipBytes ?? 1) : script.inlineBytes), 0);
    report.pages.push({ page: page.url, template: page.template, islands, initialGzip: initial, totalGzip: total, renderBlockingBytes: blocking });
    const group = (report.byTemplate[page.template] ??= { pages: 0, initialGzip: 0, totalGzip: 0 });
    group.pages++;
    group.initialGzip = Math.max(group.initialGzip, initial);
    group.totalGzip = Math.max(group.totalGzip, total);
    if (total > budget.budgetGzip) {
      const key = islands.join(', ') || 'no islands';
      over.set(key, [...(over.get(key) ?? []), { url: page.url, total }]);
    }
    if (blocking > budget.renderBlockingBudget) {
      diagnostics.push(diagnostic('RENDER_BLOCKING_SCRIPT', `${page.url} has ${formatBytes(blocking)} of render-blocking script (budget ${formatBytes(budget.renderBlockingBudget)})`));
    }
  }
  for (const [islands, pagesOver] of over) {
    diagnostics.push(diagnostic('JS_BUDGET_EXCEEDED', `${pagesOver.length} page(s) such as ${pagesOver[0]!.url} can load ${formatBytes(pagesOver[0]!.total)} of JavaScript (gzip) with islands ${islands}; the budget is ${formatBytes(budget.budgetGzip)} (client.budgetGzip)`));
  }
  report.pages.sort((a, b) => a.page.localeCompare(b.page));
  return { report, diagnostics };
}

/** The islands and render-blocking scripts of a page's HTML. */
export function pageScripts(url: string, template: string, html: string): PageScripts {
  const islands = [...html.matchAll(/data-island="([a-z-]+)" data-load="([a-z]+)"/g)].map((m) => ({ name: intern(m[1]!), load: intern(m[2]!) }));
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const blocking: PageScripts['blocking'] = [];
  for (const match of head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributesOf(match[1] ?? '');
    const type = attrs.get('type')?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'application/javascript') continue; // module, JSON, JSON-LD
    if (attrs.has('async') || attrs.has('defer')) continue;
    const src = attrs.get('src');
    blocking.push(src ? { src: intern(src) } : { inlineBytes: new TextEncoder().encode(match[2] ?? '').byteLength });
  }
  return { url, template, islands: shared(islands), blocking: shared(blocking) };
}

/**
 * One copy of each list of islands or blocking scripts: pages of a template have the same few, and
 * every page's record is kept to the end of the build (84 000 pages).
 */
function shared<T>(list: T[]): T[] {
  const key = JSON.stringify(list);
  let known = lists.get(key) as T[] | undefined;
  if (!known) lists.set(key, (known = list));
  return known;
}

const lists = new Map<string, unknown[]>();

/** Attribute names (lowercase) and values of a start tag's attribute text, quoted either way or bare. */
function attributesOf(text: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of text.matchAll(/([^\s"'=<>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

export function jsReportFile(report: JsReport): OutputFile {
  return { path: 'reports/js.json', contents: `${JSON.stringify(report, null, 1)}\n` };
}
