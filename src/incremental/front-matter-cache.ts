import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PositionedYaml, YamlPath } from '../errors/yaml-document.js';
import { replaceFile } from '../fs/replace-file.js';
import { splitFrontMatter, type FrontMatterSplitter, type SplitFrontMatter } from '../parse/front-matter.js';
import type { KnownMarkdown, KnownMarkdownFiles, LearntMarkdown } from '../parse/parse-site.js';

/**
 * Split front matter kept in one file of the cache folder (`front-matter.json`), keyed by a digest of
 * the whole Markdown file (of its bytes, as the parse stage passes it; of its text otherwise): its
 * YAML value and where its body starts. A build whose Markdown mostly
 * did not change then parses no YAML for those files (1.1 s of a CI build of 14 744 articles went
 * to gray-matter and the YAML parser). Positions, which only a diagnostic needs, are found by
 * splitting the file for real when first asked for, so every message still names its line and
 * column. Files whose split reported anything, and values JSON cannot carry exactly, are not kept.
 */
export interface FrontMatterCache {
  split: FrontMatterSplitter;
  /**
   * Besides the split, what parse learnt of a file when it read it (its lines, its body's size and
   * BodyFacts): with those, a file whose body the Markdown cache has is not read at all.
   */
  known?: KnownMarkdownFiles;
  /** Rewrites the file with exactly the entries this build used, when any was missing or unused. */
  save(): Promise<void>;
}

/** What is kept of a split: the YAML value, the body's first character and the lines before it, and what parse learnt. */
type Kept = [value: unknown, bodyStart: number, bodyLineOffset: number, learnt?: LearntMarkdown];

interface Stored {
  salt: string;
  entries: Record<string, Kept>;
}

export async function frontMatterCache(path: string, salt: string, { readOnly = false } = {}): Promise<FrontMatterCache> {
  const stored = await readStored(path, salt);
  const used = new Map<string, Kept>();
  let missed = false;
  return {
    split(source, file, known) {
      const digest = known ?? createHash('sha256').update(source).digest('hex');
      const kept = stored.get(digest);
      if (kept && kept[1] <= source.length) {
        used.set(digest, kept);
        return fromKept(kept, source, file);
      }
      missed = true;
      const split = splitFrontMatter(source, file);
      const value = split.frontMatter?.value;
      if (split.frontMatter && !split.diagnostics.length && jsonExact(value)) used.set(digest, [value, source.length - split.body.length, split.bodyLineOffset]);
      return split;
    },
    known: {
      get(digest) {
        const kept = stored.get(digest);
        if (!kept?.[3]) return undefined;
        used.set(digest, kept);
        return { value: kept[0], bodyLineOffset: kept[2], ...kept[3] } satisfies KnownMarkdown;
      },
      learn(digest, learnt) {
        const kept = used.get(digest);
        // Only with a split kept: a file whose split reported anything is read every time.
        if (!kept || kept[3]) return;
        used.set(digest, [kept[0], kept[1], kept[2], learnt]);
        missed = true;
      },
    },
    async save() {
      if (readOnly || (!missed && used.size === stored.size)) return;
      try {
        await mkdir(dirname(path), { recursive: true });
        await replaceFile(path, JSON.stringify({ salt, entries: Object.fromEntries(used) } satisfies Stored));
      } catch {
        // The cache only saves time.
      }
    },
  };
}

async function readStored(path: string, salt: string): Promise<Map<string, Kept>> {
  try {
    const stored = JSON.parse(await readFile(path, 'utf8')) as Stored;
    if (stored?.salt !== salt || typeof stored.entries !== 'object' || stored.entries === null) return new Map();
    // A damaged entry is left out: its file is split again.
    return new Map(Object.entries(stored.entries).filter(([, kept]) => Array.isArray(kept) && (kept.length === 3 || (kept.length === 4 && isLearnt(kept[3]))) && Number.isInteger(kept[1]) && Number.isInteger(kept[2])));
  } catch {
    return new Map();
  }
}

function fromKept([value, bodyStart, bodyLineOffset]: Kept, source: string, file: string): SplitFrontMatter {
  // Positions only for diagnostics: the real split, once, when the first one is asked for.
  let real: PositionedYaml | undefined;
  const positioned = () => (real ??= splitFrontMatter(source, file).frontMatter!);
  const frontMatter: PositionedYaml = {
    value,
    // Front matter begins on line 1: splitFrontMatter takes only a file that starts with "---".
    start: { line: 1, column: 1 },
    positionOf: (path: YamlPath) => positioned().positionOf(path),
    keyPositionOf: (path: YamlPath) => positioned().keyPositionOf(path),
  };
  return { frontMatter, body: source.slice(bodyStart), bodyLineOffset, diagnostics: [] };
}

/**
 * A value that JSON gives back exactly: plain objects, arrays, strings, booleans, null and finite
 * numbers other than -0 (YAML's `.inf`, `.nan` and `-0` would come back as null or 0), and no
 * `__proto__` key (JSON.parse makes it an own property where the YAML parser may not).
 */
function jsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonExact);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value).every(([key, item]) => key !== '__proto__' && jsonExact(item)) && !Object.hasOwn(value, '__proto__');
}

/** What parse learnt of a file, as JSON gave it back: anything else is a damaged entry. */
function isLearnt(value: unknown): value is LearntMarkdown {
  const learnt = value as LearntMarkdown;
  return typeof value === 'object' && value !== null
    && typeof learnt.lines === 'object' && learnt.lines !== null && typeof learnt.lines.keys === 'object' && learnt.lines.keys !== null
    && Object.values(learnt.lines.keys).every(Number.isInteger) && (learnt.lines.bodyStart === undefined || Number.isInteger(learnt.lines.bodyStart))
    && Number.isInteger(learnt.bodyBytes) && typeof learnt.bodyFacts === 'object' && learnt.bodyFacts !== null
    && typeof learnt.bodyFacts.digest === 'string' && Array.isArray(learnt.bodyFacts.images) && learnt.bodyFacts.images.every((path) => typeof path === 'string');
}
