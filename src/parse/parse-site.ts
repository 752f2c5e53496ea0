import type { SiteConfig } from '../model/site-config.js';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { formatBytes } from '../format/format-bytes.js';
import { getLocale, isLocaleCode, type LocaleCode } from '../model/locale-table.js';
import type { MalformedUtf8, SourceFile, SourceSet } from '../model/sources.js';
import { isSection, takesCover } from '../model/collections.js';
import { splitFrontMatter, type FrontMatterSplitter, type SplitFrontMatter } from './front-matter.js';
import type { ImageFacts } from '../model/images.js';
import type { ContentLink, Heading } from '../model/markdown.js';
import { renderInThisThread, type MarkdownJob, type MarkdownRenderer } from './markdown-jobs.js';
import type { LinkContext } from './classify-href.js';
import { parseYaml, type PositionedYaml } from '../errors/yaml-document.js';
import type { Progress } from '../model/progress.js';

/** A Markdown file turned into HTML, with its raw front matter still to be validated. */
export interface ParsedEntry {
  file: string;
  source: string;
  locale: LocaleCode;
  section: string;
  /** The file name without .md: the page's id across locales. */
  id: string;
  /**
   * Undefined when the front matter could not be read (no block, YAML errors: reported here). The
   * file is still parsed and checked by its place, its body and its links, so one build reports
   * everything and links to it are not taken for broken.
   */
  frontMatter?: PositionedYaml;
  html: string;
  links: ContentLink[];
  headings: Heading[];
  excerpt: string;
  /** The rendered Markdown's digest, when the Markdown cache gave one (model/markdown.ts). */
  digest?: string;
}

/** A YAML file with positions, not yet validated. */
export interface ParsedTable {
  file: string;
  source: string;
  yaml: PositionedYaml;
}

export interface ParsedSite {
  /** The content folder (the folder of site.yaml): file names in diagnostics start with it. */
  contentDir: string;
  entries: ParsedEntry[];
  /** content/data/<name>.yaml by name. */
  tables: Map<string, ParsedTable>;
  messages: Map<LocaleCode, ParsedTable>;
  faq: Map<LocaleCode, ParsedTable>;
  /** Files under content/public, served from every host's root, by their URL path. */
  assets: Map<string, Uint8Array>;
  /** Sizes and variants of the images among the assets. */
  images: ImageFacts;
  /** YAML files that exist but could not be read (their errors are in diagnostics): not to be called missing. */
  unreadable: Set<string>;
  diagnostics: Diagnostic[];
}

/** Folders of the content directory that are not locales. */
const RESERVED_FOLDERS = new Set(['data', 'messages', 'faq', 'public']);

/**
 * Turn source files into parsed records. Nothing is decided about validity here beyond syntax: every
 * file is parsed even when others fail, so one build reports every problem. Front matter and YAML
 * are read here (`split`: the front-matter cache plugs in there); the Markdown bodies, most of the
 * work, go to `renderBodies` all at once (worker threads and the cache plug in there) and come back
 * in order; `progress` is told how many of them are done.
 */
export async function parseSite(sources: SourceSet, config: SiteConfig, images: ImageFacts = new Map(), renderBodies: MarkdownRenderer = renderInThisThread, split: FrontMatterSplitter = splitFrontMatter, progress?: Progress): Promise<ParsedSite> {
  const site: ParsedSite = { contentDir: sources.contentDir, entries: [], tables: new Map(), messages: new Map(), faq: new Map(), assets: new Map(), images, unreadable: new Set(), diagnostics: [] };
  for (const asset of sources.assets) site.assets.set(asset.urlPath, asset.bytes);
  const pending: PendingEntry[] = [];
  for (const file of sources.files) {
    if (file.malformed) site.diagnostics.push(notUtf8(file.path, file.text, file.malformed));
    parseFile(file, sources.contentDir, config, site, pending, split);
  }
  let done = 0;
  const bodiesDone = progress && ((count: number) => progress((done += count), pending.length));
  const rendered = await renderBodies(pending.map((p) => p.job), images, bodiesDone);
  site.entries = pending.map((p, i) => ({ ...p.entry, ...rendered[i]! }));
  return site;
}

type PendingEntry = { entry: Omit<ParsedEntry, 'html' | 'links' | 'headings' | 'excerpt' | 'digest'>; job: MarkdownJob };

function parseFile(file: SourceFile, contentDir: string, config: SiteConfig, site: ParsedSite, pending: PendingEntry[], splitFile: FrontMatterSplitter): void {
  const relative = file.path.slice(contentDir.length + 1);
  const parts = relative.split('/');
  const [top = '', second, third] = parts;
  if (parts.length === 1) return; // site.yaml, README.md: not content
  if (top === 'data' && parts.length === 2 && second?.endsWith('.yaml')) {
    addTable(site.tables, second.slice(0, -5), file, site);
    return;
  }
  if ((top === 'messages' || top === 'faq') && parts.length === 2 && second?.endsWith('.yaml')) {
    const code = second.slice(0, -5);
    if (!isLocaleCode(code)) {
      site.diagnostics.push(diagnostic('UNKNOWN_LOCALE', `"${code}" is not a locale code`, { file: file.path }));
      return;
    }
    addTable(top === 'messages' ? site.messages : site.faq, code, file, site);
    return;
  }
  if (RESERVED_FOLDERS.has(top)) {
    site.diagnostics.push(diagnostic('UNKNOWN_SECTION', `unexpected file in ${contentDir}/${top}`, { file: file.path }));
    return;
  }
  if (!isLocaleCode(top)) {
    site.diagnostics.push(diagnostic('UNKNOWN_LOCALE', `folder "${top}" is not a locale code`, { file: file.path }));
    return;
  }
  if (parts.length !== 3 || !third?.endsWith('.md') || second === undefined) {
    site.diagnostics.push(diagnostic('UNKNOWN_SECTION', `Markdown files live at ${contentDir}/<locale>/<section>/<id>.md`, { file: file.path }));
    return;
  }
  const split = splitFile(file.text, file.path);
  site.diagnostics.push(...split.diagnostics, ...bodySizeWarnings(split, file.path, config));
  pending.push({
    entry: { file: file.path, source: file.text, locale: top, section: second, id: third.slice(0, -3), frontMatter: split.frontMatter },
    job: markdownJobOf(split, top, second, config),
  });
}

/** Bytes that are not UTF-8: an error at the first, and the file is parsed on with U+FFFD in their place. */
function notUtf8(file: string, text: string, { position, byte, count }: MalformedUtf8): Diagnostic {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return diagnostic('INVALID_UTF8', `the file is not valid UTF-8: byte ${hex} here is no part of a UTF-8 character${count > 1 ? ` (${count} places in the file)` : ''}`, { file, position, frame: codeFrame(text, position) });
}

/** A body of megabytes takes seconds to render in every build: the writer hears of it. */
function bodySizeWarnings(split: SplitFrontMatter, file: string, config: SiteConfig): Diagnostic[] {
  const limit = config.markdown.maxBodyBytes;
  // Bytes are at least as many as UTF-16 units, at most three times as many: count only near the limit.
  if (split.body.length * 3 <= limit) return [];
  const bytes = Buffer.byteLength(split.body, 'utf8');
  if (bytes <= limit) return [];
  const position = { line: split.bodyLineOffset + 1, column: 1 };
  return [warning('BODY_TOO_LARGE', `the Markdown body is ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit (markdown.maxBodyBytes in site.yaml): every build spends seconds on it`, { file, position })];
}

/**
 * The Markdown job of a file's body: links are resolved in its locale, positions are the file's.
 * The body's first image is the page's lead unless a cover is shown above it: every article of a
 * section that takes covers shows one (its own or a generated one, images/article-covers.ts).
 */
export function markdownJobOf(split: SplitFrontMatter, locale: LocaleCode, section: string, config: SiteConfig): MarkdownJob {
  return {
    body: split.body,
    context: linkContext(config, locale),
    lineOffset: split.bodyLineOffset,
    firstIsLead: !(isSection(section) && takesCover(section)),
  };
}

/** One link context per locale and configuration, shared by the locale's jobs (the Markdown cache digests each context once). */
function linkContext(config: SiteConfig, locale: LocaleCode): LinkContext {
  let byLocale = contexts.get(config);
  if (!byLocale) contexts.set(config, (byLocale = new Map()));
  let context = byLocale.get(locale);
  if (!context) byLocale.set(locale, (context = { locale: getLocale(locale), hosts: config.hosts, ownDomains: config.ownDomains, partnerDomains: config.partnerDomains }));
  return context;
}

const contexts = new WeakMap<SiteConfig, Map<LocaleCode, LinkContext>>();

function addTable<K>(into: Map<K, ParsedTable>, key: K, file: SourceFile, site: ParsedSite): void {
  const parsed = parseYaml(file.text, file.path);
  site.diagnostics.push(...parsed.diagnostics);
  if (parsed.yaml) into.set(key, { file: file.path, source: file.text, yaml: parsed.yaml });
  else site.unreadable.add(file.path);
}
