import { LOCALES, type Locale, type LocaleCode } from './locale-table.js';
import { BLOG_SECTIONS, type Section } from './collections.js';
import type { Tables } from './data-tables.js';

/**
 * Whether a locale has a content section at all: blog, news and guide only where the locale has its
 * own blog (not ru, which has the Russian blog), and guide only where the locale table says so (zh).
 */
export function sectionOffered(locale: Locale, section: Section): boolean {
  if (BLOG_SECTIONS.includes(section) && !locale.ownBlog) return false;
  if (section === 'guide' && !locale.guides) return false;
  return true;
}

/** Which locales offer a table entry with optional `only` / `except` lists. */
export function offeredIn(entry: { only?: readonly LocaleCode[]; except?: readonly LocaleCode[] }, locale: LocaleCode): boolean {
  if (entry.only && !entry.only.includes(locale)) return false;
  if (entry.except?.includes(locale)) return false;
  return true;
}

/**
 * The use-case ids a locale offers: in the swap locales each key is replaced by its value, elsewhere
 * each value by its key (spec: betting↔media-market, crypto↔data-collection, ...).
 */
export function useCaseIdsFor(table: Tables['use-cases'], locale: LocaleCode): string[] {
  const swapped = table.swap.locales.includes(locale);
  const hidden = new Set(swapped ? Object.keys(table.swap.pairs) : Object.values(table.swap.pairs));
  return table.ids.filter((id) => !hidden.has(id));
}

/** The cluster key of a use case: both spellings of a swapped pair are one page. */
export function useCaseKey(table: Tables['use-cases'], id: string): string {
  const fromValue = Object.entries(table.swap.pairs).find(([, value]) => value === id);
  return fromValue ? fromValue[0] : id;
}

/** Every (section, id) a locale offers according to the data tables, for "missing page" warnings. */
export function offeredPages(tables: Tables, locale: LocaleCode): { section: string; id: string }[] {
  const pages: { section: string; id: string }[] = [];
  for (const a of tables.alternatives.competitors) if (offeredIn(a, locale)) pages.push({ section: 'alternatives', id: a.id });
  for (const s of tables.solutions) if (offeredIn(s, locale)) pages.push({ section: 'solutions', id: s.id });
  for (const id of useCaseIdsFor(tables['use-cases'], locale)) pages.push({ section: 'use-cases', id });
  for (const f of tables.features) pages.push({ section: 'features', id: f.id });
  if (tables.docs.locales.includes(locale)) {
    for (const row of tables.docs.pages) {
      const id = row.ids[locale];
      if (id) pages.push({ section: 'docs', id });
    }
  }
  return pages;
}

export const ALL_LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((l) => l.code);

/** The language-independent key of a docs page from its id in one locale (content/data/docs.yaml). */
export function docsPageKey(table: Tables['docs'], locale: LocaleCode, id: string): string {
  return table.pages.find((p) => p.ids[locale] === id)?.page ?? id;
}
