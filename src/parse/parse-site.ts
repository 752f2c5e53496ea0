import type { SiteConfig } from '../model/site-config.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { getLocale, isLocaleCode, type LocaleCode } from '../model/locale-table.js';
import type { SourceFile, SourceSet } from '../model/sources.js';
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
  frontMatter: PositionedYaml;
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
  const site: ParsedSite = { contentDir: sources.contentDir, entries: [], tables: new Map(), messages: new Map(), faq: new Map(), assets: new Map(), images, diagnostics: [] };
  for (const asset of sources.assets) site.assets.set(asset.urlPath, asset.bytes);
  const pending: PendingEntry[] = [];
  for (const file of sources.files) parseFile(file, sources.contentDir, config, site, pending, split);
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
  site.diagnostics.push(...split.diagnostics);
  if (!split.frontMatter) return;
  pending.push({
    entry: { file: file.path, source: file.text, locale: top, section: second, id: third.slice(0, -3), frontMatter: split.frontMatter },
    job: markdownJobOf(split, top, config),
  });
}

/** The Markdown job of a file's body: links are resolved in its locale, positions are the file's. */
export function markdownJobOf(split: SplitFrontMatter, locale: LocaleCode, config: SiteConfig): MarkdownJob {
  const cover = (split.frontMatter?.value as { cover?: unknown } | null | undefined)?.cover;
  return {
    body: split.body,
    context: linkContext(config, locale),
    lineOffset: split.bodyLineOffset,
    firstIsLead: cover === undefined,
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
}
