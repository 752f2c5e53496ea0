import { parseYaml, type PositionedYaml } from '../errors/yaml-document.js';
import { SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import type { Page, TemplateName } from '../model/page.js';
import type { Translate } from '../model/page-props.js';
import { SOURCE_MAP_PATH, type PageSources, type SourceMap, type SourceRef } from '../model/page-sources.js';
import type { Entry, ValidSite } from '../model/site.js';
import type { SourceSet } from '../model/sources.js';
import { pageDescription, pageTitle, type TextOrigin } from './page-meta.js';

/** The file of each template (templates/pages/page-body.tsx picks the component by name). */
const TEMPLATE_FILES: Record<TemplateName, string> = {
  home: 'templates/pages/home.tsx',
  'markdown-page': 'templates/pages/content-pages.tsx',
  'card-list': 'templates/pages/content-pages.tsx',
  detail: 'templates/pages/content-pages.tsx',
  pricing: 'templates/pages/standalone.tsx',
  download: 'templates/pages/standalone.tsx',
  faq: 'templates/pages/standalone.tsx',
  links: 'templates/pages/standalone.tsx',
  icons: 'templates/pages/icons.tsx',
  error: 'templates/pages/error.tsx',
  article: 'templates/pages/articles.tsx',
  'article-list': 'templates/pages/articles.tsx',
  'docs-page': 'templates/pages/docs.tsx',
  'docs-index': 'templates/pages/docs.tsx',
};

/** Origins do not depend on the text: pageTitle and pageDescription are asked for them with a translator that gives none. */
const NO_TEXT: Translate = () => '';

/**
 * The page source map (src/model/page-sources.ts): for every output page, its template, its
 * Markdown file, where its title and description come from (a front matter field's line, a message
 * key's line in the locale's messages file) and where its body's site links and images are written.
 * Pure: the site, its pages and the source texts in, the document out.
 */
export function sourceMap(site: ValidSite, pages: readonly Page[], sources: SourceSet): SourceMap {
  const messages = messagePlaces(site, sources);
  const map: SourceMap = { version: 1, pages: {} };
  for (const page of pages) {
    const entry = page.entry;
    const frontMatter = entry ? frontMatterLines(entry.source) : undefined;
    const place = (origin: TextOrigin): SourceRef => {
      if ('message' in origin) return messages(page.locale, origin.message);
      if (!entry || !frontMatter) return { file: TEMPLATE_FILES[page.template], what: 'template' };
      if ('field' in origin) return { file: entry.file, ...atLine(frontMatter.keys.get(origin.field)), what: origin.field };
      return { file: entry.file, ...atLine(frontMatter.bodyStart), what: 'body' };
    };
    const refs: PageSources = {
      template: TEMPLATE_FILES[page.template],
      ...(entry ? { entry: entry.file } : {}),
      title: pageTitle(page, NO_TEXT).origins.map(place),
      description: pageDescription(page, NO_TEXT).origins.map(place),
      ...bodyRefs(entry),
    };
    for (const path of [page.outputPath, ...page.extraOutputPaths]) map.pages[path] = refs;
  }
  return map;
}

export function sourceMapFile(map: SourceMap): OutputFile {
  return { path: SOURCE_MAP_PATH, contents: `${JSON.stringify(map)}\n` };
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

/**
 * The place of a message key: its line in the locale's messages file, or in the source locale's
 * when the locale has no text for it (the page shows the English one). Each file is parsed once,
 * when a page first asks.
 */
function messagePlaces(site: ValidSite, sources: SourceSet): (locale: LocaleCode, key: string) => SourceRef {
  const texts = new Map(sources.files.map((f) => [f.path, f.text]));
  const parsed = new Map<string, PositionedYaml | undefined>();
  return (locale, key) => {
    const own = site.messages.get(locale)?.has(key) ? locale : SOURCE_LOCALE;
    const file = `${site.contentDir}/messages/${own}.yaml`;
    if (!parsed.has(file)) {
      const text = texts.get(file);
      parsed.set(file, text === undefined ? undefined : parseYaml(text, file).yaml);
    }
    const position = parsed.get(file)?.keyPositionOf(key.split('.'));
    return { file, ...(position ?? {}), what: key };
  };
}

/**
 * The lines of a Markdown file's top-level front matter keys, and of its body's first text, read
 * line by line. Not the YAML parser: the parse stage has let its documents go by now, and parsing
 * every front matter again would cost a large site seconds, for the line of `title:`. Top-level
 * keys of a block mapping start a line (what front matter is); a key written otherwise is not
 * found, and its finding names the file without a line.
 */
function frontMatterLines(source: string): { keys: Map<string, number>; bodyStart: number | undefined } {
  const keys = new Map<string, number>();
  let line = 1;
  let start = source.indexOf('\n') + 1; // after the opening ---
  let inBody = false;
  while (start > 0 && start < source.length) {
    line++;
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end === -1 ? source.length : end).replace(/\r$/, '');
    if (inBody) {
      if (text.trim() !== '') return { keys, bodyStart: line };
    } else if (text === '---' || text === '...') {
      inBody = true;
    } else {
      const key = /^(["']?)([\w-]+)\1\s*:/.exec(text)?.[2];
      if (key !== undefined && !keys.has(key)) keys.set(key, line);
    }
    start = end + 1;
  }
  return { keys, bodyStart: undefined };
}
