import { parseYaml, type PositionedYaml } from '../errors/yaml-document.js';
import { SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import type { Page, TemplateName } from '../model/page.js';
import type { Translate } from '../model/page-props.js';
import { SOURCE_MAP_PATH, type PageSources, type SourceMap, type SourceRef } from '../model/page-sources.js';
import type { Entry, ValidSite } from '../model/site.js';
import type { SourceSet } from '../model/sources.js';
import { pageDescription, pageTitle, type TextOrigin } from './page-meta.js';
import { makeTranslator } from './translator.js';
import { lineOfKey } from '../parse/source-lines.js';
import { utf8OfParts } from '../format/utf8-parts.js';

/** The file of each template (templates/pages/page-body.tsx picks the component by name). */
const TEMPLATE_FILES: Record<TemplateName, string> = {
  home: 'templates/pages/home.tsx',
  'markdown-page': 'templates/pages/content-pages.tsx',
  'card-list': 'templates/pages/content-pages.tsx',
  detail: 'templates/pages/content-pages.tsx',
  pricing: 'templates/pages/pricing.tsx',
  'problem-solution': 'templates/pages/problem-solution.tsx',
  'legal-page': 'templates/pages/legal-page.tsx',
  download: 'templates/pages/standalone.tsx',
  faq: 'templates/pages/standalone.tsx',
  links: 'templates/pages/standalone.tsx',
  icons: 'templates/pages/icons.tsx',
  error: 'templates/pages/error.tsx',
  article: 'templates/pages/articles.tsx',
  'article-list': 'templates/pages/articles.tsx',
  'docs-page': 'templates/pages/docs.tsx',
  'docs-index': 'templates/pages/docs.tsx',
  search: 'templates/pages/search.tsx',
};

/**
 * The locale's texts, for the origins of titles and descriptions: a title that names the site
 * already does not end with site.name (page-meta.ts), so which messages it comes from depends on them.
 */
function translatorOf(site: ValidSite, locale: LocaleCode): Translate {
  let byLocale = translators.get(site);
  if (!byLocale) translators.set(site, (byLocale = new Map()));
  let t = byLocale.get(locale);
  if (!t) byLocale.set(locale, (t = makeTranslator(site.messages, locale, new Set())));
  return t;
}

const translators = new WeakMap<ValidSite, Map<LocaleCode, Translate>>();

/** The line and column of a message key in a messages file, if the file has it. */
export type MessagePlaces = (file: string, key: string) => Pick<SourceRef, 'line' | 'column'> | undefined;

/**
 * A page source map `sitegen dev` keeps between edits to Markdown bodies (src/incremental/catch-up.ts):
 * where the message keys of the map it started from are, and the map's file with where each output
 * path's member is in it, so an edit makes its own pages' sources again and copies the rest of the
 * file around them. (At 1000 articles a locale, finding the message places again took about 250 ms
 * an edit, and JSON.stringify of the whole map about 230 ms. At 4000, joining 84 000 members as
 * strings and encoding them took 150 ms, and copying them as 84 000 separate byte arrays, scattered
 * over a heap of gigabytes, still 150 ms: copying the file in a few large ranges takes a few.)
 * Message keys stay where the map says: no messages file changed.
 */
export interface EditableSourceMap {
  messages: MessagePlaces;
  /** Each output path's place in the map's order. */
  order: Map<string, number>;
  /** Where each member of the map's `pages` object starts in the file (by place), and at [order.size] where the last ends. */
  starts: Float64Array;
  /** The map's file: the first `size` bytes of `buffer`. */
  buffer: Uint8Array;
  size: number;
  /** The buffer of the file before, which the next edit writes into if it is large enough. */
  spare?: Uint8Array;
}

export function editableSourceMap(map: SourceMap): EditableSourceMap {
  const known = new Map<string, Pick<SourceRef, 'line' | 'column'>>();
  const order = new Map<string, number>();
  const members: string[] = [];
  for (const [path, refs] of Object.entries(map.pages)) {
    for (const ref of [...refs.title, ...refs.description]) known.set(`${ref.file}\u0000${ref.what}`, { line: ref.line, column: ref.column });
    order.set(path, members.length);
    members.push(mapMember(path, JSON.stringify(refs), members.length === 0));
  }
  const starts = new Float64Array(members.length + 1);
  const buffer = new Uint8Array(members.reduce((sum, member) => sum + Buffer.byteLength(member), Buffer.byteLength(MAP_START) + Buffer.byteLength(MAP_END)));
  let at = encoder.encodeInto(MAP_START, buffer).written;
  members.forEach((member, i) => {
    starts[i] = at;
    at += encoder.encodeInto(member, buffer.subarray(at)).written;
  });
  starts[members.length] = at;
  at += encoder.encodeInto(MAP_END, buffer.subarray(at)).written;
  return { messages: (file, key) => known.get(`${file}\u0000${key}`), order, starts, buffer, size: at };
}

const encoder = new TextEncoder();

/** A page's member of the map's `pages` object, with the comma that separates it from the one before (mapDocument). */
const mapMember = (path: string, json: string, first: boolean) => `${first ? '' : ','}${JSON.stringify(path)}:${json}`;

/**
 * The pages' sources after `sitegen dev` rendered their bodies again (src/incremental/body-edits.ts),
 * put in place. False, and nothing changed, when a page now takes its text from a key no page used
 * before (the map cannot say where it is).
 */
export function editPages(map: EditableSourceMap, site: ValidSite, pages: readonly Page[]): boolean {
  let missing = false;
  const messages: MessagePlaces = (file, key) => {
    const place = map.messages(file, key);
    if (!place) missing = true;
    return place;
  };
  const edited = new Map<number, Uint8Array>();
  for (const page of pages) {
    const json = JSON.stringify(pageSources(site, page, messages));
    for (const path of [page.outputPath, ...page.extraOutputPaths]) {
      const at = map.order.get(path);
      // A path the map never had is not one of this session's pages (a body edit makes no page).
      if (at !== undefined) edited.set(at, encoder.encode(mapMember(path, json, at === 0)));
    }
  }
  if (missing) return false;
  replaceMembers(map, [...edited].sort(([a], [b]) => a - b));
  return true;
}

/**
 * Makes the map's file again with these members (by place, in order) in place of theirs: the
 * bytes between them are copied in a few ranges. Into the buffer of the file before when it is
 * large enough: memory the process has not touched yet costs about 4 ms a megabyte on these
 * virtual machines (a page fault per 4 kB; a new 56 MB buffer, 200 ms). That file is no longer in
 * the session's output, and the dev server, which serves the hosts' folders only, never reports/,
 * does not hold it. So the map's bytes in a dev build's result (BuildResult.output, the session's
 * own map) are valid until the catch-up after next: whoever keeps them longer copies them.
 */
function replaceMembers(map: EditableSourceMap, members: readonly (readonly [number, Uint8Array])[]): void {
  const { starts } = map;
  // What each member grows by (negative when it shrinks).
  const growth = members.map(([at, bytes]) => bytes.byteLength - (starts[at + 1]! - starts[at]!));
  const size = growth.reduce((sum, grown) => sum + grown, map.size);
  // Room to grow by a sixteenth: a few edits that lengthen pages do not each need a new buffer.
  const target = map.spare && map.spare.byteLength >= size ? map.spare : new Uint8Array(size + (size >> 4));
  let from = 0;
  let to = 0;
  for (const [at, bytes] of members) {
    target.set(map.buffer.subarray(from, starts[at]), to);
    to += starts[at]! - from;
    target.set(bytes, to);
    to += bytes.byteLength;
    from = starts[at + 1]!;
  }
  target.set(map.buffer.subarray(from, map.size), to);
  // Each member after an edited one moves by what the edited ones before it grew.
  let shift = 0;
  let next = 0;
  for (let i = 0; i < starts.length; i++) {
    while (next < members.length && members[next]![0] < i) shift += growth[next++]!;
    starts[i] = starts[i]! + shift;
  }
  map.spare = map.buffer;
  map.buffer = target;
  map.size = size;
}

/** The document of an editable map: the bytes sourceMapFileOf gives for the same pages (mapDocument). */
export function editableSourceMapFile(map: EditableSourceMap): OutputFile {
  return { path: SOURCE_MAP_PATH, contents: map.buffer.subarray(0, map.size) };
}

/**
 * The page source map (src/model/page-sources.ts) as its file: for every output page, its template,
 * its Markdown file, where its title and description come from (a front matter field's line, a
 * message key's line in the locale's messages file) and where its body's site links and images are
 * written. Pure: the site, its pages and where message keys are in, the bytes out. Made a page at a
 * time as UTF-8, never as one object or one string: at 84 000 pages it is 56 MB of JSON, and as a
 * whole map, then a string, then bytes it was the largest thing a build made at the end of render.
 */
export function sourceMapFileOf(site: ValidSite, pages: readonly Page[], messages: MessagePlaces): OutputFile {
  return { path: SOURCE_MAP_PATH, contents: utf8OfParts(mapDocument(pagePieces(site, pages, messages))) };
}

/** Each output path of each page with the page's sources as JSON, a page at a time. */
function* pagePieces(site: ValidSite, pages: readonly Page[], messages: MessagePlaces): Generator<readonly [string, string]> {
  for (const page of pages) {
    const json = JSON.stringify(pageSources(site, page, messages));
    for (const path of [page.outputPath, ...page.extraOutputPaths]) yield [path, json];
  }
}

/** The map's JSON document from its pieces (output path, PageSources as JSON), in their order: what JSON.stringify gives of the whole map. */
function* mapDocument(pieces: Iterable<readonly [string, string]>): Generator<string> {
  yield MAP_START;
  let first = true;
  for (const [path, json] of pieces) {
    yield mapMember(path, json, first);
    first = false;
  }
  yield MAP_END;
}

const MAP_START = '{"version":1,"pages":{';
const MAP_END = '}}\n';

function pageSources(site: ValidSite, page: Page, messages: MessagePlaces): PageSources {
  const entry = page.entry;
  const frontMatter = entry?.lines;
  const place = (origin: TextOrigin): SourceRef => {
    if ('message' in origin) {
      // The page shows the source locale's text where its locale has none.
      const file = messagesFile(site, site.messages.get(page.locale)?.has(origin.message) ? page.locale : SOURCE_LOCALE);
      return { file, ...messages(file, origin.message), what: origin.message };
    }
    if (!entry || !frontMatter) return { file: TEMPLATE_FILES[page.template], what: 'template' };
    if ('field' in origin) return { file: entry.file, ...atLine(lineOfKey(frontMatter, origin.field)), what: origin.field };
    return { file: entry.file, ...atLine(frontMatter.bodyStart), what: 'body' };
  };
  return {
    template: TEMPLATE_FILES[page.template],
    ...(entry ? { entry: entry.file } : {}),
    title: pageTitle(page, translatorOf(site, page.locale)).origins.map(place),
    description: pageDescription(page, translatorOf(site, page.locale)).origins.map(place),
    ...bodyRefs(entry),
  };
}

function messagesFile(site: ValidSite, locale: LocaleCode): string {
  return `${site.contentDir}/messages/${locale}.yaml`;
}

function atLine(line: number | undefined): Pick<SourceRef, 'line' | 'column'> {
  return line === undefined ? {} : { line, column: 1 };
}

/** The body's site links and images, each list left out when empty (most pages have no images). */
function bodyRefs(entry: Entry | undefined): Pick<PageSources, 'links' | 'images'> {
  const refs: Pick<PageSources, 'links' | 'images'> = {};
  for (const link of entry?.links ?? []) (refs[link.kind === 'image' ? 'images' : 'links'] ??= []).push({ host: link.host, path: link.path, ...link.position });
  return refs;
}

/** Where message keys are in the messages files as read; each file is parsed once, when a page first asks. */
export function messagePlacesIn(sources: SourceSet): MessagePlaces {
  const texts = new Map(sources.files.map((f) => [f.path, f.text]));
  const parsed = new Map<string, PositionedYaml | undefined>();
  return (file, key) => {
    if (!parsed.has(file)) {
      const text = texts.get(file);
      parsed.set(file, text === undefined ? undefined : parseYaml(text, file).yaml);
    }
    return parsed.get(file)?.keyPositionOf(key.split('.'));
  };
}
