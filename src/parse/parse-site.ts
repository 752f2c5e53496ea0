import type { SiteConfig } from '../model/site-config.js';
import { codeFrame, type SourceText } from '../errors/code-frame.js';
import { diagnostic, warning, type Diagnostic, type SourcePosition } from '../errors/site-error.js';
import { formatBytes } from '../format/format-bytes.js';
import { getLocale, isLocaleCode, type LocaleCode } from '../model/locale-table.js';
import { decodeSource, sourceDigest, type MalformedUtf8, type SourceFile, type SourceSet } from '../model/sources.js';
import { isSection, takesCover } from '../model/collections.js';
import { splitFrontMatter, type FrontMatterSplitter, type SplitFrontMatter } from './front-matter.js';
import type { ImageFacts } from '../model/images.js';
import type { ParsedMarkdown } from '../model/markdown.js';
import type { SourceLines } from '../model/site.js';
import { bodyFactsOf, keptInMemory, renderInThisThread, type BodyFacts, type BodyRenderer, type KnownJob, type MarkdownJob } from './markdown-jobs.js';
import type { LinkContext } from './classify-href.js';
import { parseYaml, type PositionedYaml, type YamlPath } from '../errors/yaml-document.js';
import type { Progress } from '../model/progress.js';
import { sourceLinesOf } from './source-lines.js';

/**
 * A Markdown file parsed: its place, its front matter still to be validated, and its rendered body
 * (links and excerpt in memory, the HTML and headings where the build keeps bodies: `body.read()`).
 * Its text is not kept: the file is read again for a diagnostic's code frame (`ParsedSite.sourceText`).
 */
export interface ParsedEntry extends ParsedMarkdown {
  file: string;
  locale: LocaleCode;
  section: string;
  /** The file name without .md: the page's id across locales. */
  id: string;
  /**
   * Undefined when the front matter could not be read (no block, YAML errors: reported here). The
   * file is still parsed and checked by its place, its body and its links, so one build reports
   * everything and links to it are not taken for broken. Positions are found when asked for, from
   * the file read again (positionsLater).
   */
  frontMatter?: PositionedYaml;
  lines: SourceLines;
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
  /** A content file's text, read again: for code frames and front matter positions. */
  sourceText: SourceText;
  diagnostics: Diagnostic[];
}

/** How parse gets its bodies rendered and its files read; each has a default that needs nothing else. */
export interface ParseOptions {
  /** Sizes and variants of the site's images (Markdown places images with them). */
  images?: ImageFacts;
  /** Where bodies are rendered and kept: worker threads and the Markdown cache plug in here. */
  render?: BodyRenderer;
  /** How front matter is split: the front-matter cache plugs in here. */
  split?: FrontMatterSplitter;
  /** Told how many bodies are done. */
  progress?: Progress;
  /** A content file's bytes: Markdown files whose text the load stage did not keep are read when parse gets to them. */
  read?: (path: string) => Uint8Array | undefined;
  /** Told each time a window's bodies are back: its texts and jobs are garbage then (build.ts may collect). */
  windowDone?: () => void;
  /**
   * Markdown files known by their digest (the front-matter cache), and the Markdown cache's bodies
   * of jobs known without their body: a file known to the one whose body the other has is not read
   * again (a CI build with the caches restored reads only the files that changed).
   */
  known?: KnownMarkdownFiles;
  cached?: (jobs: readonly KnownJob[], facts: ImageFacts) => Promise<(ParsedMarkdown | undefined)[]>;
}

/** What parse learns of a Markdown file when it reads it, besides its front matter, to parse it later without reading it. */
export interface LearntMarkdown {
  lines: SourceLines;
  /** The body's size in bytes (BODY_TOO_LARGE). */
  bodyBytes: number;
  bodyFacts: BodyFacts;
}

/** A file as parse learnt it, with its front matter's value and the lines before its body. */
export interface KnownMarkdown extends LearntMarkdown {
  value: unknown;
  bodyLineOffset: number;
}

/** Known Markdown files by digest: only files that read cleanly (UTF-8, front matter without a problem) are learnt. */
export interface KnownMarkdownFiles {
  get(digest: string): KnownMarkdown | undefined;
  learn(digest: string, learnt: LearntMarkdown): void;
}

/** Folders of the content directory that are not locales. */
const RESERVED_FOLDERS = new Set(['data', 'messages', 'faq', 'public']);

/**
 * Bodies sent to be rendered at once. Parse reads, splits and sends one window while the worker
 * threads render the ones before (WINDOWS_AHEAD of them at most): the Markdown of a large site is
 * never in memory all at once, and the threads never wait for the main thread's YAML.
 */
const WINDOW = 512;
const WINDOWS_AHEAD = 2;

/**
 * Turn source files into parsed records. Nothing is decided about validity here beyond syntax: every
 * file is parsed even when others fail, so one build reports every problem. Front matter and YAML
 * are read here (`split`: the front-matter cache plugs in there); the Markdown bodies, most of the
 * work, go to `render` a window at a time (worker threads and the cache plug in there) and come back
 * in order; `progress` is told how many of them are done. A Markdown file whose text the load stage
 * did not keep is read again when its window comes (`read`), and must be the file the load stage
 * read (its digest): one that changed since is an error, not a page built from other content than
 * the build stamp records.
 */
export async function parseSite(sources: SourceSet, config: SiteConfig, options: ParseOptions = {}): Promise<ParsedSite> {
  const { images = new Map(), render = keptInMemory(renderInThisThread), split = splitFrontMatter, progress, read = () => undefined, windowDone, known, cached } = options;
  const sourceText = sourceTextOf(sources, read);
  const site: ParsedSite = { contentDir: sources.contentDir, entries: [], tables: new Map(), messages: new Map(), faq: new Map(), assets: new Map(), images, unreadable: new Set(), sourceText, diagnostics: [] };
  for (const asset of sources.assets) site.assets.set(asset.urlPath, asset.bytes);
  const markdown: MarkdownFile[] = [];
  for (const file of sources.files) {
    // A file read with its text (YAML, or Markdown a dev session keeps) is reported here; Markdown read again, when it is.
    if (file.malformed && file.text !== undefined) site.diagnostics.push(notUtf8(file.path, file.text, file.malformed));
    const place = placeOf(file, sources.contentDir, site);
    if (place) markdown.push({ file, ...place });
  }
  let done = 0;
  const bodiesDone = progress && ((count: number) => progress((done += count), markdown.length));
  const entries: (ParsedEntry | undefined)[] = new Array(markdown.length);
  const rendering: Promise<void>[] = [];
  for (let at = 0; at < markdown.length; at += WINDOW) {
    const files = markdown.slice(at, at + WINDOW);
    const taken = known && cached ? await takenFromCaches(files, config, known, cached, images, sourceText, site.diagnostics) : new Map<number, ParsedEntry>();
    for (const [i, entry] of taken) entries[at + i] = entry;
    if (taken.size) bodiesDone?.(taken.size);
    const window = files.flatMap((file, i) => {
      if (taken.has(i)) return [];
      const parsed = parseMarkdownFile(file, config, split, read, sourceText, site.diagnostics, known);
      return parsed ? [{ ...parsed, at: at + i }] : [];
    });
    const rendered = render(window.map((p) => p.job), images, bodiesDone).then((results) => {
      window.forEach((p, i) => (entries[p.at] = { ...p.entry, ...results[i]! }));
    });
    rendered.catch(() => undefined); // awaited below; a window that fails must not be unhandled meanwhile
    rendering.push(rendered);
    if (rendering.length > WINDOWS_AHEAD) {
      await rendering.shift();
      windowDone?.();
    }
  }
  await Promise.all(rendering);
  site.entries = entries.filter((entry): entry is ParsedEntry => entry !== undefined);
  return site;
}

/** A Markdown file of the content folder at its place: <locale>/<section>/<id>.md. */
interface MarkdownFile {
  file: SourceFile;
  locale: LocaleCode;
  section: string;
  id: string;
}

/** Reads a YAML file into its table, reports a file out of place; a Markdown file in its place is returned for parseMarkdownFile. */
function placeOf(file: SourceFile, contentDir: string, site: ParsedSite): Omit<MarkdownFile, 'file'> | undefined {
  const relative = file.path.slice(contentDir.length + 1);
  const parts = relative.split('/');
  const [top = '', second, third] = parts;
  if (parts.length === 1) return undefined; // site.yaml, README.md: not content
  if (top === 'data' && parts.length === 2 && second?.endsWith('.yaml')) {
    addTable(site.tables, second.slice(0, -5), file, site);
    return undefined;
  }
  if ((top === 'messages' || top === 'faq') && parts.length === 2 && second?.endsWith('.yaml')) {
    const code = second.slice(0, -5);
    if (!isLocaleCode(code)) {
      site.diagnostics.push(diagnostic('UNKNOWN_LOCALE', `"${code}" is not a locale code`, { file: file.path }));
      return undefined;
    }
    addTable(top === 'messages' ? site.messages : site.faq, code, file, site);
    return undefined;
  }
  if (RESERVED_FOLDERS.has(top)) {
    site.diagnostics.push(diagnostic('UNKNOWN_SECTION', `unexpected file in ${contentDir}/${top}`, { file: file.path }));
    return undefined;
  }
  if (!isLocaleCode(top)) {
    site.diagnostics.push(diagnostic('UNKNOWN_LOCALE', `folder "${top}" is not a locale code`, { file: file.path }));
    return undefined;
  }
  if (parts.length !== 3 || !third?.endsWith('.md') || second === undefined) {
    site.diagnostics.push(diagnostic('UNKNOWN_SECTION', `Markdown files live at ${contentDir}/<locale>/<section>/<id>.md`, { file: file.path }));
    return undefined;
  }
  return { locale: top, section: second, id: third.slice(0, -3) };
}

/**
 * A Markdown file's text: kept by the load stage, or read again now and checked against what the
 * load stage read (then with where it is not UTF-8), with the digest of what it is: the caches know
 * it by that, never by the digest of what the load stage read when it changed since.
 */
function markdownText(file: SourceFile, read: (path: string) => Uint8Array | undefined, diagnostics: Diagnostic[]): { text: string; malformed?: MalformedUtf8; digest: string } | undefined {
  if (file.text !== undefined) return { text: file.text, ...(file.malformed ? { malformed: file.malformed } : {}), digest: file.digest };
  const bytes = read(file.path);
  const digest = bytes ? sourceDigest(bytes) : undefined;
  if (digest !== file.digest) diagnostics.push(diagnostic('SOURCE_CHANGED', `the file ${bytes ? 'changed' : 'was removed'} while the build was running: build again`, { file: file.path }));
  // A file that changed is parsed as it is now, so that nothing else is reported for it (links to it are not broken).
  return bytes && digest !== undefined ? { ...decodeSource(bytes), digest } : undefined;
}

/**
 * The window's files that need not be read: known by their digest (the front-matter cache) with a
 * body the Markdown cache has, as entries by their index in the window. Not a file whose text the
 * load stage kept (a dev session's).
 */
async function takenFromCaches(files: readonly MarkdownFile[], config: SiteConfig, known: KnownMarkdownFiles, cached: NonNullable<ParseOptions['cached']>, images: ImageFacts, sourceText: SourceText, diagnostics: Diagnostic[]): Promise<Map<number, ParsedEntry>> {
  const candidates = files.flatMap((file, i) => {
    const knownFile = file.file.text === undefined ? known.get(file.file.digest) : undefined;
    return knownFile ? [{ file, i, knownFile }] : [];
  });
  const taken = new Map<number, ParsedEntry>();
  if (!candidates.length) return taken;
  const bodies = await cached(candidates.map(({ file, knownFile }) => ({ ...jobContext(file.locale, file.section, config, knownFile.bodyLineOffset), bodyFacts: knownFile.bodyFacts })), images);
  candidates.forEach(({ file: { file, locale, section, id }, i, knownFile }, n) => {
    const body = bodies[n];
    if (!body) return;
    diagnostics.push(...bodySizeWarnings(knownFile.bodyBytes, knownFile.bodyLineOffset, file.path, config));
    const frontMatter = positionsLater({ value: knownFile.value, start: { line: 1, column: 1 } }, file.path, sourceText);
    taken.set(i, { file: file.path, locale, section, id, frontMatter, lines: knownFile.lines, ...body });
  });
  return taken;
}

/** A Markdown file's front matter split, its record without its body, and the job of rendering its body; what it learnt of the file goes to `known`. */
function parseMarkdownFile({ file, locale, section, id }: MarkdownFile, config: SiteConfig, splitFile: FrontMatterSplitter, read: (path: string) => Uint8Array | undefined, sourceText: SourceText, diagnostics: Diagnostic[], known?: KnownMarkdownFiles): { entry: Omit<ParsedEntry, keyof ParsedMarkdown>; job: MarkdownJob } | undefined {
  const source = markdownText(file, read, diagnostics);
  if (!source) return undefined;
  const { text, malformed, digest } = source;
  // A kept text's malformed bytes were reported with the load stage's files (parseSite).
  if (malformed && file.text === undefined) diagnostics.push(notUtf8(file.path, text, malformed));
  const split = splitFile(text, file.path, digest);
  // Counted only near the limit: bytes are at least as many as UTF-16 units, at most three times as many.
  const bodyBytes = known || split.body.length * 3 > config.markdown.maxBodyBytes ? Buffer.byteLength(split.body, 'utf8') : 0;
  diagnostics.push(...split.diagnostics, ...bodySizeWarnings(bodyBytes, split.bodyLineOffset, file.path, config));
  const lines = sourceLinesOf(text);
  const job = markdownJobOf(split, locale, section, config);
  // A file that is not UTF-8 is read every time: its error is reported by every build. The job
  // carries the facts learnt, so the Markdown cache does not hash its body again.
  if (known && !malformed && !split.diagnostics.length) {
    job.bodyFacts = bodyFactsOf(split.body);
    known.learn(digest, { lines, bodyBytes, bodyFacts: job.bodyFacts });
  }
  return {
    entry: { file: file.path, locale, section, id, frontMatter: split.frontMatter && positionsLater(split.frontMatter, file.path, sourceText), lines },
    job,
  };
}

/**
 * The front matter's value, with its positions found when a diagnostic first asks, by splitting the
 * file again (validate-site.ts asks for the few fields it places, and for a file with errors): a
 * YAML document with positions for every file of a large site, kept until validation, was a quarter
 * of its heap. The value is copied: the YAML parser's strings (and the front-matter cache's) are
 * views into the text they were parsed from, which they would keep alive. A small object, one per
 * Markdown file: no closures.
 */
function positionsLater(frontMatter: Pick<PositionedYaml, 'value' | 'start'>, file: string, sourceText: SourceText): PositionedYaml {
  return new PositionsLater(structuredClone(frontMatter.value), { ...frontMatter.start }, file, sourceText);
}

class PositionsLater implements PositionedYaml {
  #real: PositionedYaml | undefined;

  constructor(readonly value: unknown, readonly start: SourcePosition, private readonly file: string, private readonly text: SourceText) {}

  positionOf(path: YamlPath): SourcePosition {
    return this.positioned().positionOf(path);
  }

  keyPositionOf(path: YamlPath): SourcePosition {
    return this.positioned().keyPositionOf(path);
  }

  /** A file that changed since has the positions of what it holds now; one that no longer splits, its start. */
  private positioned(): PositionedYaml {
    const start = this.start;
    return (this.#real ??= splitFrontMatter(this.text(this.file) ?? '', this.file).frontMatter ?? { value: this.value, start, positionOf: () => start, keyPositionOf: () => start });
  }
}

/**
 * A content file's text for a code frame: the load stage's, or the file read again (the last one
 * read is kept: a file with errors is asked for once per error).
 */
function sourceTextOf(sources: SourceSet, read: (path: string) => Uint8Array | undefined): SourceText {
  const kept = new Map(sources.files.flatMap((f) => (f.text !== undefined ? [[f.path, f.text] as const] : [])));
  let last: { file: string; text: string | undefined } | undefined;
  return (file) => {
    const text = kept.get(file);
    if (text !== undefined) return text;
    if (last?.file !== file) {
      const bytes = read(file);
      last = { file, text: bytes && decodeSource(bytes).text };
    }
    return last.text;
  };
}

/** Bytes that are not UTF-8: an error at the first, and the file is parsed on with U+FFFD in their place. */
function notUtf8(file: string, text: string, { position, byte, count }: MalformedUtf8): Diagnostic {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return diagnostic('INVALID_UTF8', `the file is not valid UTF-8: byte ${hex} here is no part of a UTF-8 character${count > 1 ? ` (${count} places in the file)` : ''}`, { file, position, frame: codeFrame(text, position) });
}

/** A body of megabytes takes seconds to render in every build: the writer hears of it. */
function bodySizeWarnings(bytes: number, bodyLineOffset: number, file: string, config: SiteConfig): Diagnostic[] {
  const limit = config.markdown.maxBodyBytes;
  if (bytes <= limit) return [];
  const position = { line: bodyLineOffset + 1, column: 1 };
  return [warning('BODY_TOO_LARGE', `the Markdown body is ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit (markdown.maxBodyBytes in site.yaml): every build spends seconds on it`, { file, position })];
}

/**
 * The Markdown job of a file's body: links are resolved in its locale, positions are the file's.
 * The body's first image is the page's lead unless a cover is shown above it: every article of a
 * section that takes covers shows one (its own or a generated one, images/article-covers.ts).
 */
export function markdownJobOf(split: SplitFrontMatter, locale: LocaleCode, section: string, config: SiteConfig): MarkdownJob {
  return { body: split.body, ...jobContext(locale, section, config, split.bodyLineOffset) };
}

/** A job's all but its body. */
function jobContext(locale: LocaleCode, section: string, config: SiteConfig, lineOffset: number): Omit<MarkdownJob, 'body'> {
  return { context: linkContext(config, locale), lineOffset, firstIsLead: !(isSection(section) && takesCover(section)) };
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
  // YAML files are always read with their text (load-sources.ts).
  const text = file.text ?? '';
  const parsed = parseYaml(text, file.path);
  site.diagnostics.push(...parsed.diagnostics);
  if (parsed.yaml) into.set(key, { file: file.path, source: text, yaml: parsed.yaml });
  else site.unreadable.add(file.path);
}
