import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { attempt } from '../fs/attempt.js';
import { replaceFile } from '../fs/replace-file.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import type { CacheStats } from '../pipeline/build-result.js';
import type { ImageFacts } from '../model/images.js';
import { parsedMarkdown, type BodyContent, type BodyRef, type ContentLink, type ParsedMarkdown, type RenderedMarkdown } from '../model/markdown.js';
import { bodyFactsOf, type BodyRenderer, type KnownJob, type MarkdownJob, type MarkdownRenderer } from '../parse/markdown-jobs.js';
import { OpenFiles } from './open-files.js';

/**
 * Rendered Markdown for the parse stage, and where the bodies are kept until their pages render:
 * what `incremental.markdown()` gives a build (incremental-build.ts).
 */
export interface MarkdownBodies {
  render: BodyRenderer;
  /** Bodies asked for and how many were rendered (the rest came from the cache), since this was made. */
  stats?(): CacheStats;
  /**
   * The bodies the cache has of jobs known without their body (a file the front-matter cache knows
   * by its digest), undefined for those it has not: parse reads only those files. Absent where no
   * cache is read, or where a dev session keeps every body in memory.
   */
  cached?(jobs: readonly KnownJob[], facts: ImageFacts): Promise<(ParsedMarkdown | undefined)[]>;
  /** After the parse stage: a complete render leaves the cache holding exactly the bodies it used. */
  finish(): Promise<void>;
  /** After the build: closes the files bodies were read from (a body read later opens its file again). */
  close(): void;
}

/**
 * Rendered Markdown kept on disk (node_modules/.cache/sitegen/markdown by default), under a key made
 * of the body, everything its rendering reads (locale, hosts, domains, line offset, the facts of the
 * images it names) and the salt (sitegen's Markdown code and the locked dependency versions). Keys
 * never involve file times or absolute paths, so a CI cache restored from another run is valid.
 *
 * Entries are packed: one file per first key byte (`pack-ab.jsonl`, 256 at most), a line per entry,
 * `key TAB meta TAB content`: meta is what stays in memory (links, excerpt, and the content's length
 * in bytes), content what only the body's page needs (HTML, headings). A build reads each pack once
 * and parses the meta of its lines, never the content: the entry's body is a reference to its line
 * (PackedBody), read when its page renders, so a build holds no body longer than it takes to render
 * its page. New entries are appended to their packs as the bodies come from the threads.
 *
 * A `complete` render (a full build's parse stage, which renders every body) ends (`finish`) by
 * rewriting each pack that holds lines it did not use (entries of older bodies, damaged lines) with
 * exactly those it used, and by removing packs it used nothing of: the cache stays the size of the
 * site. A line that does not parse, names another key or whose content is not as long as its meta
 * says (cut short by a stopped build) is not used, and its body rendered again. Packs are rewritten
 * through a temporary file and a rename. `readOnly` reads entries and writes none; a dev session
 * (`memory`) keeps every body it sees in memory too, and reads nothing from disk twice.
 */
export function cachedRenderer(inner: MarkdownRenderer, dir: string, salt: string, options: CacheOptions = {}): MarkdownBodies {
  const { memory, readOnly = false, complete = false, lookInPacks = true } = options;
  const packs = new Packs(dir);
  let stats: CacheStats = { bodies: 0, rendered: 0 };
  let fromMemory = false;
  /** The body of a key in its pack (read already), as an entry takes it: its meta in memory, its content a reference. */
  const packed = (key: string): (ParsedMarkdown & { body: PackedBody }) | undefined => {
    const body = packs.body(key);
    if (!body) return undefined;
    const { links, excerpt } = packs.meta(key)!;
    return { links, excerpt, digest: key, body };
  };
  return {
    stats: () => stats,
    ...(memory || !lookInPacks ? {} : {
      cached: async (jobs: readonly KnownJob[], facts: ImageFacts) => {
        const keys = jobs.map((job) => jobKey(job, facts, salt));
        await packs.index(keys);
        const results = keys.map(packed);
        stats = { bodies: stats.bodies + results.filter((r) => r !== undefined).length, rendered: stats.rendered };
        return results;
      },
    }),
    render: async (jobs, facts, progress) => {
      const keys = jobs.map((job) => jobKey(job, facts, salt));
      const results: ParsedMarkdown[] = new Array(jobs.length);
      const kept = (key: string, rendered: RenderedMarkdown) => parsedMarkdown({ ...rendered, digest: key });
      const wanted = keys.flatMap((key, i) => {
        const known = memory?.get(key);
        if (!known) return [i];
        fromMemory = true;
        results[i] = kept(key, known);
        return [];
      });
      if (lookInPacks) await packs.index(wanted.map((i) => keys[i]!));
      const missing = !lookInPacks ? wanted : wanted.filter((i) => {
        const found = packed(keys[i]!);
        if (!found) return true;
        if (memory) {
          // A dev session's bodies live in memory: read at once, never again.
          const rendered = { links: found.links, excerpt: found.excerpt, ...found.body.read() };
          memory.set(keys[i]!, rendered);
          results[i] = kept(keys[i]!, rendered);
        } else results[i] = found;
        return false;
      });
      // Bodies from the cache are done at once; the others as they are rendered.
      if (jobs.length > missing.length) progress?.(jobs.length - missing.length);
      const rendered = missing.length ? await inner(missing.map((i) => jobs[i]!), facts, progress) : [];
      // The cache only saves time: a full disk or a read-only folder must not fail the build (the body stays in memory).
      const added = readOnly ? undefined : packs.append(missing.map((index, i) => [keys[index]!, rendered[i]!]));
      missing.forEach((index, i) => {
        const key = keys[index]!;
        memory?.set(key, rendered[i]!);
        const body = !memory && added?.get(key);
        results[index] = body ? { links: rendered[i]!.links, excerpt: rendered[i]!.excerpt, digest: key, body } : kept(key, rendered[i]!);
      });
      stats = { bodies: stats.bodies + jobs.length, rendered: stats.rendered + missing.length };
      return results;
    },
    finish: async () => {
      // A render that took bodies from a dev session's memory read only the packs of the others: it
      // cannot tell which lines of the rest are used, so it leaves the packs as they are (compacting
      // them removed every pack it had not read). The next build that reads them all compacts them.
      if (complete && !readOnly && !fromMemory) await packs.compact().catch(() => undefined);
      packs.forget();
    },
    close: () => packs.close(),
  };
}

export interface CacheOptions {
  /** A dev session's entries, kept in memory across its builds. */
  memory?: Map<string, RenderedMarkdown>;
  /** Read entries, write none (a build that writes nothing). */
  readOnly?: boolean;
  /** The renders of this build are every body of the site: `finish` leaves the packs holding exactly its entries. */
  complete?: boolean;
  /**
   * False: a body `memory` lacks is new, so it is rendered and appended without reading its pack
   * first. That is a dev session's body edit: its memory holds every body of the site since the
   * first build, which left in the packs exactly those bodies, and reading a pack to look for an
   * edited body cost a pack read per edit (2 MB at 4000 articles). Should a pack hold the body
   * already (another build sharing the cache folder), the line is there twice: a read takes the
   * last, and the next compaction keeps one.
   */
  lookInPacks?: boolean;
}

export function jobKey(job: MarkdownJob | KnownJob, facts: ImageFacts, salt: string): string {
  // The body by its digest: a file whose body is cached is keyed without being read (KnownJob).
  // Contexts are shared by a locale's jobs: each is serialised once.
  const body = job.bodyFacts ?? bodyFactsOf((job as MarkdownJob).body);
  const hash = createHash('sha256').update(salt).update('\0').update(contextText(job.context)).update(`\0${job.lineOffset}\0${job.firstIsLead}\0${body.digest}`);
  for (const path of body.images) hash.update('\0').update(path).update(JSON.stringify(facts.get(path) ?? null));
  return hash.digest('hex');
}

function contextText(context: MarkdownJob['context']): string {
  let text = contextTexts.get(context);
  if (text === undefined) contextTexts.set(context, (text = JSON.stringify(context)));
  return text;
}

const contextTexts = new WeakMap<MarkdownJob['context'], string>();

/** What a pack line keeps in memory: the body's links and excerpt, and its content's length in bytes. */
interface Meta {
  links: ContentLink[];
  excerpt: string;
  bytes: number;
}

/** Where a line is in its pack: offsets in bytes, `contentAt` from the line's start. */
interface Place {
  start: number;
  length: number;
  contentAt: number;
}

/** A line as the build read its pack: its place and its meta. */
interface Line extends Place {
  meta: Meta;
}

/** One pack as this build read it: its lines by key, and whether every line it holds is one of them. */
interface Pack {
  path: string;
  size: number;
  lines: Map<string, Line>;
  /** Every line parsed, and no key twice: nothing to rewrite unless a line goes unused. */
  clean: boolean;
  /** The file ends in a line break (an append starts on a fresh line without adding one). */
  ended: boolean;
}

const KEY_LENGTH = 64;
const TAB = 9;
const NEWLINE = 10;
/** Packs read at once: each is a few megabytes of a large site's HTML. */
const PACKS_AT_ONCE = 4;

const packOf = (key: string) => key.slice(0, 2);

/** A body in a pack: where its line is, its content read from the pack when asked. */
class PackedBody implements BodyRef {
  constructor(private readonly packs: Packs, readonly key: string, public line: Place) {}

  read(): BodyContent {
    return this.packs.content(this.key, this.line);
  }
}

/** The packs of one build: read once each, when a key of theirs is first asked for. */
class Packs {
  private readonly packs = new Map<string, Promise<Pack>>();
  private readonly read = new Map<string, Pack>();
  private readonly bodies = new Map<string, PackedBody>();
  private readonly files = new OpenFiles();

  constructor(private readonly dir: string) {}

  private path(pack: string): string {
    return join(this.dir, `pack-${pack}.jsonl`);
  }

  /** Reads the packs of these keys that this build has not read yet (a few at a time: each is megabytes of HTML). */
  async index(keys: readonly string[]): Promise<void> {
    await mapConcurrent([...new Set(keys.map(packOf))], PACKS_AT_ONCE, (name) => this.load(name));
  }

  private load(name: string): Promise<Pack> {
    let loading = this.packs.get(name);
    if (!loading) {
      loading = readPack(this.path(name)).then((pack) => (this.read.set(name, pack), pack));
      this.packs.set(name, loading);
    }
    return loading;
  }

  /** The body of this key, if its pack (read already) has it. */
  body(key: string): PackedBody | undefined {
    let body = this.bodies.get(key);
    if (body) return body;
    const line = this.read.get(packOf(key))?.lines.get(key);
    // Its place alone: the meta goes to the entry, the line's record with the pack (forget).
    if (line) this.bodies.set(key, (body = new PackedBody(this, key, { start: line.start, length: line.length, contentAt: line.contentAt })));
    return body;
  }

  /** The meta of this key's line, if its pack (read already) has it. */
  meta(key: string): Meta | undefined {
    return this.read.get(packOf(key))?.lines.get(key)?.meta;
  }

  /**
   * Appends new entries to their packs (read by `index`, or not read: `unread`), each pack in one write; the
   * bodies that were written, by key. A pack that cannot be written keeps its bodies in memory.
   */
  append(entries: readonly (readonly [string, RenderedMarkdown])[]): Map<string, PackedBody> {
    const written = new Map<string, PackedBody>();
    const byPack = new Map<string, (readonly [string, RenderedMarkdown])[]>();
    const seen = new Set<string>();
    for (const entry of entries) {
      // The same body twice in one build: written once.
      if (seen.has(entry[0]) || this.body(entry[0])) continue;
      seen.add(entry[0]);
      const list = byPack.get(packOf(entry[0]));
      if (list) list.push(entry);
      else byPack.set(packOf(entry[0]), [entry]);
    }
    for (const [name, list] of byPack) {
      const pack = this.read.get(name) ?? this.unread(name);
      const chunks: Buffer[] = [];
      let at = pack.size;
      if (pack.size > 0 && !pack.ended) {
        chunks.push(Buffer.from('\n'));
        at++;
      }
      const lines: [string, Line][] = [];
      for (const [key, { html, headings, links, excerpt }] of list) {
        const content = Buffer.from(JSON.stringify({ html, headings } satisfies BodyContent));
        const meta: Meta = { links, excerpt, bytes: content.byteLength };
        const head = Buffer.from(`${key}\t${JSON.stringify(meta)}\t`);
        chunks.push(head, content, Buffer.from('\n'));
        lines.push([key, { start: at, length: head.byteLength + content.byteLength, contentAt: head.byteLength, meta }]);
        at += head.byteLength + content.byteLength + 1;
      }
      try {
        mkdirSync(this.dir, { recursive: true });
        appendFileSync(pack.path, Buffer.concat(chunks));
      } catch {
        continue;
      }
      pack.size = at;
      pack.ended = true;
      for (const [key, line] of lines) {
        pack.lines.set(key, line);
        written.set(key, this.body(key)!);
      }
    }
    return written;
  }

  /** A pack this build appends to without reading it (lookInPacks: false): its size and whether it ends a line, from its last byte. */
  private unread(name: string): Pack {
    const path = this.path(name);
    const size = attempt(() => statSync(path).size) ?? 0;
    const last = size > 0 ? attempt(() => this.files.read(path, size - 1, 1)) : undefined;
    // A last byte that cannot be read counts as a line cut short: the append starts a fresh line.
    const pack: Pack = { path, size, lines: new Map(), clean: false, ended: last ? last[0] === NEWLINE : size === 0 };
    this.read.set(name, pack);
    return pack;
  }

  /** A line's content, read from its pack; found again if another build moved it since. */
  content(key: string, line: Place): BodyContent {
    const path = this.path(packOf(key));
    const bytes = this.files.read(path, line.start, line.length + 1);
    if (lineIsAt(bytes, 0, key, line)) return parseContent(bytes, line);
    // Another build using this cache folder rewrote the pack: look for the line where it is now.
    this.files.forget(path);
    const text = readFileSync(path);
    const moved = text.indexOf(`${key}\t`);
    if (moved !== -1 && (moved === 0 || text[moved - 1] === NEWLINE)) {
      const end = text.indexOf(NEWLINE, moved);
      const again = scanLine(text, moved, end === -1 ? text.length : end);
      if (again && end !== -1) return parseContent(text.subarray(moved, end + 1), { ...again.line, start: 0 });
    }
    throw new Error(`its rendered Markdown (${key.slice(0, 12)}…) is no longer in ${path}: another build using this cache folder changed it`);
  }

  /**
   * Rewrites each pack read that holds lines no body of this build is (older bodies, damaged lines,
   * a key twice) with exactly this build's lines, and removes the packs none of them is in. A pack
   * another build changed since it was read is left as it is.
   */
  async compact(): Promise<void> {
    const used = new Set<string>();
    for (const [name, pack] of this.read) {
      const lines = [...pack.lines].filter(([key]) => this.bodies.has(key)).sort(([, a], [, b]) => a.start - b.start);
      if (lines.length) used.add(name);
      if (pack.clean && lines.length === pack.lines.size) continue;
      if (!lines.length) continue; // removed below
      const text = readFileSync(pack.path);
      if (!lines.every(([key, line]) => lineIsAt(text, line.start, key, line))) continue;
      const kept = Buffer.concat(lines.map(([, line]) => text.subarray(line.start, line.start + line.length + 1)));
      await replaceFile(pack.path, kept);
      this.files.forget(pack.path);
      let at = 0;
      pack.lines = new Map(lines.map(([key, line]) => {
        const moved = { ...line, start: at };
        at += line.length + 1;
        this.bodies.get(key)!.line = { start: moved.start, length: line.length, contentAt: line.contentAt };
        return [key, moved];
      }));
      pack.size = at;
      pack.clean = true;
    }
    // Packs no body needs any more, and the one-file-per-entry folders of earlier versions.
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const unused = names.filter((name) => (/^pack-[0-9a-f]{2}\.jsonl$/.test(name) && !used.has(name.slice(5, 7))) || /^[0-9a-f]{2}$/.test(name));
    await Promise.all(unused.map((name) => rm(join(this.dir, name), { recursive: true, force: true })));
  }

  /**
   * Lets go of what the packs were read into (every line's key and place): each body keeps its own
   * line. A render after this reads its packs again.
   */
  forget(): void {
    this.packs.clear();
    this.read.clear();
    this.bodies.clear();
  }

  close(): void {
    this.files.close();
  }
}

/** A pack's lines by key (their meta parsed, their content not); an empty pack when there is no file. */
async function readPack(path: string): Promise<Pack> {
  const text = await readFile(path).catch(() => Buffer.alloc(0));
  const lines = new Map<string, Line>();
  let count = 0;
  let damaged = false;
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf(NEWLINE, start);
    if (end === -1) {
      damaged = true; // a last line cut short
      break;
    }
    if (end > start) {
      count++;
      const found = scanLine(text, start, end);
      if (found) lines.set(found.key, found.line);
      else damaged = true;
    }
    start = end + 1;
  }
  return { path, size: text.length, lines, clean: !damaged && count === lines.size, ended: text.length === 0 || text[text.length - 1] === NEWLINE };
}

/** The line from `start` to `end` (its line break): its key and place, if it is a whole, well-formed line. */
function scanLine(text: Buffer, start: number, end: number): { key: string; line: Line } | undefined {
  const tab = start + KEY_LENGTH;
  if (end <= tab || text[tab] !== TAB) return undefined;
  const second = text.indexOf(TAB, tab + 1);
  if (second === -1 || second >= end) return undefined;
  const key = text.toString('latin1', start, tab);
  if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
  try {
    // The meta's own text (V8's JSON.parse gives views into the text it parsed, which they keep alive: this one, not the pack).
    const meta = JSON.parse(text.toString('utf8', tab + 1, second)) as Meta;
    if (!meta || !Array.isArray(meta.links) || typeof meta.excerpt !== 'string' || meta.bytes !== end - second - 1) return undefined;
    return { key, line: { start, length: end - start, contentAt: second + 1 - start, meta } };
  } catch {
    return undefined;
  }
}

/** Whether `text` holds the line of `key` at `at`, as long as it was, with its line break. */
function lineIsAt(text: Buffer, at: number, key: string, line: Place): boolean {
  return text.length >= at + line.length + 1 && text[at + line.length] === NEWLINE && text[at + KEY_LENGTH] === TAB && text.toString('latin1', at, at + KEY_LENGTH) === key;
}

function parseContent(bytes: Buffer, line: Place): BodyContent {
  const content = JSON.parse(bytes.toString('utf8', line.contentAt, line.length)) as BodyContent;
  if (!content || typeof content.html !== 'string' || !Array.isArray(content.headings)) throw new Error('its rendered Markdown in the cache is damaged');
  return content;
}
