import type { z } from 'zod';
import type { SiteConfig } from '../model/site-config.js';
import { codeFrame, placeIn, type SourceText } from '../errors/code-frame.js';
import { didYouMean } from '../errors/did-you-mean.js';
import { diagnostic, locationOf, warning, type Diagnostic, type SourcePlace } from '../errors/site-error.js';
import { getLocale, LOCALES, SOURCE_LOCALE, type HostKey, type LocaleCode } from '../model/locale-table.js';
import type { ContentLink, Heading } from '../model/markdown.js';
import type { ParsedEntry, ParsedSite, ParsedTable } from '../parse/parse-site.js';
import type { ImageFacts } from '../model/images.js';
import { offeredIn, offeredPages, sectionOffered, useCaseIdsFor } from '../model/availability.js';
import { CATEGORISED_SECTIONS, isSection, MARKDOWN_PAGES, SECTION_SCHEMAS, PROBLEM_SOLUTION_SECTIONS, type AnyMeta, type Section } from '../model/collections.js';
import { slugId } from '../model/field-schemas.js';
import { faqSchema, illustrationAltKey, illustrationPath, OPTIONAL_TABLES, TABLE_NAMES, TABLE_SCHEMAS, type FaqEntry, type Tables } from '../model/data-tables.js';
import { validateMessages } from './validate-messages.js';
import { checkPricingTable, checkPricingMessages } from './validate-pricing.js';
import { zodIssuesToDiagnostics, type SchemaCodes } from '../errors/zod-diagnostics.js';
import type { Entry, RedirectRow, ValidSite } from '../model/site.js';

export interface ValidationResult {
  site?: ValidSite;
  diagnostics: Diagnostic[];
}

/** Segments sitegen uses itself inside list URLs (/blog/page/2). */
const RESERVED_SLUGS = new Set(['page']);

/**
 * Check everything that can be checked before routing; collect every problem, never stop at the
 * first. A file with errors is not left out of the rest of the checks: what of it could be checked
 * still is (a bad date does not hide an unknown tag), and unless its place is wrong (section,
 * locale, id) it stays in the site as a stand-in, made of the fields that passed, so that route can
 * check the links to it too. A site with errors is routed for its checks only, never rendered.
 * Without valid data tables there is nothing to route: the front matter is still checked.
 */
export function validateSite(parsed: ParsedSite, config: SiteConfig): ValidationResult {
  const { contentDir } = parsed;
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const tables = validateTables(parsed, diagnostics);
  const messages = validateMessages(parsed.messages, contentDir, parsed.unreadable, diagnostics);
  const faq = validateFaq(parsed.faq, diagnostics);
  if (tables) checkFeatureArt(tables, parsed, messages, diagnostics);
  const checked = parsed.entries.flatMap((entry) => validateEntry(entry, tables, parsed.assets, contentDir, parsed.sourceText, diagnostics) ?? []);
  if (!tables) return { diagnostics };
  const sourceMessages = messages.get(SOURCE_LOCALE);
  if (sourceMessages) checkPricingMessages(tables.pricing, parsed.tables.get('pricing'), sourceMessages, `${contentDir}/messages/${SOURCE_LOCALE}.yaml`, diagnostics);
  const entries = withoutDuplicateSlugs(checked, diagnostics);
  warnMissingPages(entries, tables, contentDir, diagnostics);
  const redirects = placeRedirectRows(tables, parsed.tables.get('redirects'));
  return { site: { contentDir, config, entries, tables, messages, faq, assets: parsed.assets, images: parsed.images, redirects, sourceText: parsed.sourceText }, diagnostics };
}

function placeRedirectRows(tables: Tables, table: ParsedTable | undefined): RedirectRow[] {
  return tables.redirects.map((row, index) => {
    const position = table?.yaml.positionOf([index, 'from']);
    return { ...row, place: { file: table?.file, position, frame: table && position ? codeFrame(table.source, position) : undefined } };
  });
}

function validateTables({ tables: parsed, contentDir, unreadable }: ParsedSite, diagnostics: Diagnostic[]): Tables | undefined {
  const tables: Partial<Record<string, unknown>> = {};
  let complete = true;
  for (const name of TABLE_NAMES) {
    const table = parsed.get(name);
    if (!table && Object.hasOwn(OPTIONAL_TABLES, name)) {
      tables[name] = OPTIONAL_TABLES[name];
      continue;
    }
    if (!table) {
      const file = `${contentDir}/data/${name}.yaml`;
      if (!unreadable.has(file)) diagnostics.push(diagnostic('DATA_INVALID', `the data table ${name}.yaml is missing`, { file }));
      complete = false;
      continue;
    }
    const result = TABLE_SCHEMAS[name].safeParse(table.yaml.value);
    if (!result.success) {
      diagnostics.push(...zodIssuesToDiagnostics('DATA_INVALID', result.error.issues, table, TABLE_SCHEMAS[name]));
      complete = false;
    } else tables[name] = result.data;
  }
  for (const [name, table] of parsed) {
    if (!(TABLE_NAMES as string[]).includes(name)) diagnostics.push(warning('DATA_INVALID', `unknown data table "${name}" is not used`, { file: table.file }));
  }
  if (!complete) return undefined;
  const valid = tables as Tables;
  checkTableReferences(valid, parsed, diagnostics);
  return valid;
}

/** Cross-table rules zod cannot express: swap pairs name known ids, comparison rows name the plans. */
function checkTableReferences(tables: Tables, parsed: Map<string, ParsedTable>, diagnostics: Diagnostic[]): void {
  checkPricingTable(tables.pricing, parsed.get('pricing'), diagnostics);
  const useCases = new Set(tables['use-cases'].ids);
  const ucTable = parsed.get('use-cases');
  for (const [key, value] of Object.entries(tables['use-cases'].swap.pairs)) {
    for (const id of [key, value]) {
      if (!useCases.has(id) && ucTable) {
        const position = ucTable.yaml.positionOf(['swap', 'pairs', key]);
        diagnostics.push(diagnostic('DATA_INVALID', `swap pair names "${id}", which is not in ids`, { file: ucTable.file, position, frame: codeFrame(ucTable.source, position) }));
      }
    }
  }
}

/** A feature's `art` names an illustration that exists and has its alt text in the source messages. */
function checkFeatureArt(tables: Tables, parsed: ParsedSite, messages: Map<LocaleCode, Map<string, string>>, diagnostics: Diagnostic[]): void {
  const table = parsed.tables.get('features');
  const source = messages.get(SOURCE_LOCALE);
  tables.features.forEach((feature, index) => {
    if (feature.art === undefined || !table) return;
    const path = illustrationPath(feature.art);
    const missing = [
      ...(parsed.assets.has(path) ? [] : [`no image ${path} under public/`]),
      ...(source && !source.has(illustrationAltKey(feature.art)) ? [`no alt text ${illustrationAltKey(feature.art)} in messages/${SOURCE_LOCALE}.yaml`] : []),
    ];
    if (!missing.length) return;
    const position = table.yaml.positionOf([index, 'art']);
    diagnostics.push(diagnostic('DATA_INVALID', `art "${feature.art}" of feature ${feature.id} has ${missing.join(' and ')}`, { file: table.file, position, frame: codeFrame(table.source, position) }));
  });
}

function validateFaq(parsed: Map<LocaleCode, ParsedTable>, diagnostics: Diagnostic[]): Map<LocaleCode, FaqEntry[]> {
  const faq = new Map<LocaleCode, FaqEntry[]>();
  for (const [code, table] of parsed) {
    const result = faqSchema.safeParse(table.yaml.value);
    if (result.success) faq.set(code, result.data);
    else diagnostics.push(...zodIssuesToDiagnostics('DATA_INVALID', result.error.issues, table, faqSchema));
  }
  return faq;
}

/** An entry that passed or stands in for one that failed, with the place its slug comes from. */
interface CheckedEntry {
  entry: Entry;
  /** The `slug:` field, or the start of the file when its name is the slug. */
  slugPlace: SourcePlace;
  slugIsFileName: boolean;
}

const FRONT_MATTER_CODES: SchemaCodes = { invalid: 'FIELD_INVALID', missing: 'FIELD_MISSING', unknown: 'FIELD_UNKNOWN' };

/**
 * One Markdown file's checks, every one of them whatever the others found. Undefined for a file
 * that has no page to stand in for: a draft, or a file whose section, locale or id is wrong.
 */
function validateEntry(entry: ParsedEntry, tables: Tables | undefined, assets: Map<string, Uint8Array>, contentDir: string, text: SourceText, diagnostics: Diagnostic[]): CheckedEntry | undefined {
  const fileStart = { line: 1, column: 1 };
  // Positions and frames found when a diagnostic asks (placeIn): most places an entry keeps are never reported.
  const at = (path: (string | number)[]): SourcePlace => placeIn(entry.file, () => entry.frontMatter?.positionOf(path) ?? fileStart, text);
  if (!isSection(entry.section)) {
    diagnostics.push(diagnostic('UNKNOWN_SECTION', `"${entry.section}" is not a content section`, { file: entry.file }));
    return undefined;
  }
  const section = entry.section;
  const locale = getLocale(entry.locale);
  if (!sectionOffered(locale, section)) {
    diagnostics.push(diagnostic('SECTION_NOT_OFFERED', `${section} pages are not built for ${locale.code}`, { file: entry.file }));
    return undefined;
  }
  const meta = checkFields(entry, section, text, diagnostics);
  if (meta.draft) return undefined;
  const idIsSlug = checkSlug(entry.id, entry.file, undefined, diagnostics);
  const slugOk = meta.slug !== undefined && checkSlug(meta.slug, entry.file, at(['slug']), diagnostics);
  if (tables && !checkAvailability(entry, section, tables, contentDir, diagnostics)) return undefined;
  if (tables && CATEGORISED_SECTIONS.includes(section as 'blog')) {
    const categories = tables.categories[section as 'blog'].categories;
    if (meta.category !== undefined && !categories.includes(meta.category)) {
      diagnostics.push(diagnostic('UNKNOWN_CATEGORY', `unknown category "${meta.category}"${suggestOrList(meta.category, categories, `${section} categories`)}`, at(['category'])));
    }
    const tags = tables.categories.tags;
    (meta.tags ?? []).forEach((tag, index) => {
      if (!tags.includes(tag)) diagnostics.push(diagnostic('UNKNOWN_TAG', `unknown tag "${tag}"${suggestOrList(tag, tags, 'known tags')}`, at(['tags', index])));
    });
  }
  if (PROBLEM_SOLUTION_SECTIONS.includes(section)) {
    if (tables) checkFeaturesUsed(meta.features ?? [], tables.features.map((f) => f.id), at, diagnostics);
    checkProblemSolutionHeadings(entry, section, text, diagnostics);
  }
  if (meta.cover !== undefined && !assets.has(meta.cover)) {
    diagnostics.push(diagnostic('MISSING_ASSET', `cover image ${meta.cover} does not exist`, at(['cover'])));
  }
  // A page needs a URL: the slug field if it is sound, else the file name if that is.
  if (!slugOk && !idIsSlug) return undefined;
  const slugIsFileName = !slugOk;
  return {
    slugPlace: slugIsFileName ? placeIn(entry.file, fileStart, text) : at(['slug']),
    slugIsFileName,
    entry: {
      file: entry.file, locale: entry.locale, section, id: entry.id, slug: slugOk ? meta.slug! : entry.id,
      meta, body: entry.body, links: entry.links, excerpt: entry.excerpt, ...(entry.digest !== undefined ? { digest: entry.digest } : {}), lines: entry.lines,
      aliases: (meta.aliases ?? []).map((alias, index) => ({ alias, place: at(['aliases', index]) })),
      images: [
        ...(meta.cover !== undefined ? [{ path: meta.cover, place: at(['cover']) }] : []),
        ...bodyImages(entry.file, entry.links, text),
      ],
    },
  };
}

/** The features a use-case or solution page names: feature pages of data/features.yaml, each once. */
function checkFeaturesUsed(features: readonly string[], known: readonly string[], at: (path: (string | number)[]) => SourcePlace, diagnostics: Diagnostic[]): void {
  features.forEach((feature, index) => {
    if (!known.includes(feature)) diagnostics.push(diagnostic('FIELD_INVALID', `"features[${index}]": unknown feature "${feature}"${suggestOrList(feature, known, 'features of data/features.yaml')}`, at(['features', index])));
    else if (features.indexOf(feature) !== index) diagnostics.push(diagnostic('FIELD_INVALID', `"features[${index}]": "${feature}" is named twice`, at(['features', index])));
  });
}

/**
 * The body of a use-case or solution page is its "How PolyBrowser helps" part, which the template
 * puts under an h2: its own headings start at h3 (###) and go down one level at a time, so the
 * page's outline never skips a level (h1 → h2 → h3).
 */
function checkProblemSolutionHeadings(entry: ParsedEntry, section: Section, text: SourceText, diagnostics: Diagnostic[]): void {
  let previous = 2;
  // The headings are kept with the body (model/markdown.ts): read for the few pages of these sections.
  for (const heading of entry.body.read().headings) {
    const place = placeIn(entry.file, heading.position, text);
    const written = '#'.repeat(heading.depth);
    if (heading.depth < 3) {
      diagnostics.push(diagnostic('HEADING_LEVEL', `heading "${heading.text}" is a level ${heading.depth} heading: the body of a ${section === 'use-cases' ? 'use-case' : 'solution'} page is its "How PolyBrowser helps" part, under an h2, so its headings start at ### (h3)`, place));
    } else if (heading.depth > previous + 1) {
      diagnostics.push(diagnostic('HEADING_LEVEL', `heading "${heading.text}" (${written}) skips a level after a level ${previous} heading: write it as ${'#'.repeat(previous + 1)}`, place));
    }
    previous = Math.max(heading.depth, 3);
  }
}

/** `, did you mean "teamwork"?` when a known value is close, else the known values. */
function suggestOrList(written: string, known: readonly string[], listName: string): string {
  return didYouMean(written, known) || ` (${listName}: ${known.join(', ')})`;
}

/**
 * The front matter checked against its section's schema. When it fails, the fields that pass their
 * own check are kept, so the checks that follow (slug, category, tags, cover) still run on them; a
 * file whose front matter could not be read (its error is the parse stage's) keeps none.
 */
function checkFields(entry: ParsedEntry, section: Section, text: SourceText, diagnostics: Diagnostic[]): Entry['meta'] {
  const fallback = { title: entry.id };
  if (!entry.frontMatter) return fallback as Entry['meta'];
  const schema = SECTION_SCHEMAS[section] as unknown as z.ZodObject;
  const raw = entry.frontMatter.value ?? {};
  const result = schema.safeParse(raw);
  if (result.success) return result.data as Entry['meta'];
  diagnostics.push(...zodIssuesToDiagnostics(FRONT_MATTER_CODES, result.error.issues, { file: entry.file, source: () => text(entry.file) ?? '', yaml: entry.frontMatter }, schema));
  const fields: Record<string, unknown> = { ...fallback };
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, field] of Object.entries(schema.shape)) {
      const value = field.safeParse((raw as Record<string, unknown>)[key]);
      if (value.success && value.data !== undefined) fields[key] = value.data;
    }
  }
  return fields as Entry['meta'];
}

/** The site images a Markdown body shows, each with its place in the file (its frame made if a diagnostic names it). */
export function bodyImages(file: string, links: readonly ContentLink[], text: SourceText): Entry['images'] {
  return links.filter((link) => link.kind === 'image').map((link) => ({ path: link.path, place: placeIn(file, link.position, text) }));
}

function checkSlug(slug: string, file: string, where: Pick<Diagnostic, 'file' | 'position' | 'frame'> | undefined, diagnostics: Diagnostic[]): boolean {
  const place = where ?? { file };
  if (!slugId.safeParse(slug).success) {
    diagnostics.push(diagnostic('UNSAFE_SLUG', `slug ${JSON.stringify(slug)} is not safe in a URL`, place));
    return false;
  }
  if (RESERVED_SLUGS.has(slug)) {
    diagnostics.push(diagnostic('RESERVED_SLUG', `slug "${slug}" is reserved`, place));
    return false;
  }
  return true;
}

function checkAvailability(entry: ParsedEntry, section: Section, tables: Tables, contentDir: string, diagnostics: Diagnostic[]): boolean {
  const fail = (message: string, code: 'NOT_AVAILABLE' | 'UNKNOWN_ID' = 'NOT_AVAILABLE') => {
    diagnostics.push(diagnostic(code, message, { file: entry.file }));
    return false;
  };
  const { id, locale } = entry;
  const table = (name: string) => `${contentDir}/data/${name}.yaml`;
  switch (section) {
    case 'alternatives':
    case 'solutions': {
      const rows: { id: string; only?: LocaleCode[]; except?: LocaleCode[] }[] = section === 'alternatives' ? tables.alternatives.competitors : tables.solutions;
      const row = rows.find((r) => r.id === id);
      if (!row) return fail(`"${id}" is not listed in ${table(section)}`, 'UNKNOWN_ID');
      return offeredIn(row, locale) || fail(`${section} page "${id}" is not offered in ${locale} (${table(section)})`);
    }
    case 'use-cases': {
      if (!tables['use-cases'].ids.includes(id)) return fail(`"${id}" is not listed in ${table('use-cases')}`, 'UNKNOWN_ID');
      return useCaseIdsFor(tables['use-cases'], locale).includes(id) || fail(`use case "${id}" is spelt differently in ${locale} (see swap in ${table('use-cases')})`);
    }
    case 'features':
      return tables.features.some((f) => f.id === id) || fail(`"${id}" is not listed in ${table('features')}`, 'UNKNOWN_ID');
    case 'docs': {
      if (!tables.docs.locales.includes(locale)) return fail(`docs are not offered in ${locale} (${table('docs')} locales)`);
      return tables.docs.pages.some((p) => p.ids[locale] === id) || fail(`"${id}" is not the ${locale} id of any page in ${table('docs')}`, 'UNKNOWN_ID');
    }
    case 'pages':
      return (MARKDOWN_PAGES as readonly string[]).includes(id) || fail(`"${id}" is not a Markdown page (known: ${MARKDOWN_PAGES.join(', ')})`, 'UNKNOWN_ID');
    default:
      return true;
  }
}

/**
 * Files that would share a URL, compared after lowercasing and NFC as a case-insensitive host would:
 * an error at each one's `slug:` line (or its start, when its file name is the slug), naming the
 * others. The entries, with only the first of such files (route would report the others again).
 */
function withoutDuplicateSlugs(checked: CheckedEntry[], diagnostics: Diagnostic[]): Entry[] {
  const groups = new Map<string, CheckedEntry[]>();
  for (const c of checked) {
    const key = `${c.entry.locale}/${c.entry.section}/${c.entry.slug.normalize('NFC').toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const c of group) {
      const others = group.filter((o) => o !== c).map((o) => (o.slugIsFileName ? `${o.entry.file} (its file name)` : locationOf(o.slugPlace)));
      const named = `slug "${c.entry.slug}"${c.slugIsFileName ? ' (the file name)' : ''}`;
      diagnostics.push(diagnostic('DUPLICATE_SLUG', `${named} is also the slug of ${others.join(' and ')}: ${group.length === 2 ? 'both' : 'all'} would be served at one URL`, c.slugPlace));
    }
  }
  return [...groups.values()].map((group) => group[0]!.entry);
}

function warnMissingPages(entries: Entry[], tables: Tables, contentDir: string, diagnostics: Diagnostic[]): void {
  const present = new Set(entries.map((e) => `${e.locale}/${e.section}/${e.id}`));
  for (const locale of LOCALES) {
    const expected = [...offeredPages(tables, locale.code), ...MARKDOWN_PAGES.map((id) => ({ section: 'pages', id }))];
    for (const { section, id } of expected) {
      if (!present.has(`${locale.code}/${section}/${id}`)) {
        diagnostics.push(warning('MISSING_PAGE', `${section}/${id} is offered in ${locale.code} but has no file`, { file: `${contentDir}/${locale.code}/${section}/${id}.md` }));
      }
    }
  }
}
