import type { HostKey } from '../model/locale-table.js';
import type { Page } from '../model/page.js';

/** A page's place in the route table, as host and path: stable while the routes are. */
export type PageSlot = string;

const slotOf = (page: Page): PageSlot => `${page.host}\t${page.path}`;

export function pageSlot(slot: PageSlot): [HostKey, string] {
  const tab = slot.indexOf('\t');
  return [slot.slice(0, tab) as HostKey, slot.slice(tab + 1)];
}

/** For each content file, the pages it is the entry of and the list pages that show it. */
export function pagesOfFile(pages: readonly Page[]): Map<string, { own: PageSlot[]; lists: PageSlot[] }> {
  const byFile = new Map<string, { own: PageSlot[]; lists: PageSlot[] }>();
  const of = (file: string) => {
    let slots = byFile.get(file);
    if (!slots) byFile.set(file, (slots = { own: [], lists: [] }));
    return slots;
  };
  for (const page of pages) {
    if (page.entry) of(page.entry.file).own.push(slotOf(page));
    for (const item of page.list?.items ?? []) of(item.file).lists.push(slotOf(page));
  }
  return byFile;
}

/**
 * The dependencies (as page-keys.ts records them) whose value is the summary of one of these
 * pages: after their summaries change, the pages that recorded one must render again.
 */
export function invalidatedDeps(pages: ReadonlySet<Page>): Set<string> {
  const deps = new Set<string>();
  for (const page of pages) deps.add(`key|${page.key}\t${page.locale}`).add(`path|${page.host}\t${page.path}`).add(`cluster|${page.key}`);
  if (deps.size) deps.add('all|');
  return deps;
}
