import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PositionedYaml, YamlPath } from '../errors/yaml-document.js';
import { replaceFile } from '../fs/replace-file.js';
import { splitFrontMatter, type FrontMatterSplitter, type SplitFrontMatter } from '../parse/front-matter.js';

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
  /** Rewrites the file with exactly the entries this build used, when any was missing or unused. */
  save(): Promise<void>;
}

/** What is kept of a split: the YAML value, the body's first character and the lines before it. */
type Kept = [value: unknown, bodyStart: number, bodyLineOffset: number];

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
    return new Map(Object.entries(stored.entries).filter(([, kept]) => Array.isArray(kept) && kept.length === 3 && Number.isInteger(kept[1]) && Number.isInteger(kept[2])));
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
