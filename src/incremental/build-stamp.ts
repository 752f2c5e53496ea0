import { createHash } from 'node:crypto';
import { existsSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputCounts, PageCounts } from '../emit/output-counts.js';
import type { Diagnostic } from '../errors/site-error.js';
import { attempt } from '../fs/attempt.js';
import { pathsUnder } from '../fs/paths-under.js';
import type { ImageStats } from '../images/encode-images.js';
import type { SocialStats } from '../social/social-images.js';
import type { SourceSet } from '../model/sources.js';

/**
 * What a successful build leaves for the next build of the same output, so that a build with
 * nothing to do does nothing: a digest of everything it read, how each output file looked on disk
 * when it was written, and what it reported. Kept in the cache folder, not in the output: the output
 * is exactly the site.
 */
export interface BuildStamp {
  version: typeof STAMP_VERSION;
  /** The digest of every input (`inputsDigest`). */
  inputs: string;
  /** Every output file as the build left it: path, size, modification time (ms) and inode. */
  files: StampedFile[];
  /** What the build reported, told again by a build that keeps its output. */
  report: StampedReport;
}

export type StampedFile = [path: string, size: number, mtimeMs: number, ino: number];

export interface StampedReport {
  pages: PageCounts;
  output: OutputCounts;
  edge?: { bytes: number; budget: number };
  js?: { maxGzip: number; budget: number };
  images?: ImageStats;
  social?: SocialStats;
  /** Warnings (a stamped build succeeded): a build that keeps the output reports them again, as a build from nothing would. */
  diagnostics: Diagnostic[];
}

export const STAMP_VERSION = 1;

/** The report as it is kept on disk: diagnostics without their causes (errors thrown, which JSON cannot carry). */
export const withoutCauses = (report: StampedReport): StampedReport => ({ ...report, diagnostics: report.diagnostics.map(({ cause: _cause, ...d }) => d) });

/** The stamp of one output directory (several outputs can share a cache folder). */
export const buildStampPath = (cacheDir: string, outDir: string) => join(cacheDir, 'builds', `${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}.json`);

export interface BuildInputs {
  /** sitegen's code and the locked dependency versions (cache-salt.ts). */
  sitegen: string;
  /** The project's templates/ and client/, read for this build. */
  project: string;
  /** Build options that change the output. */
  /** Build options that change the output (not the output directory: the output is the same wherever it goes, and each directory has a stamp of its own). */
  options: { config: string; minify: boolean | undefined };
  configText: string | undefined;
  sources: SourceSet;
}

/**
 * One digest of everything the output is made from. A build reads nothing else: content files
 * (Markdown, YAML, public assets), the configuration, the templates and client code, and sitegen with
 * its dependencies. No clock, no environment variable, no file time goes into a page.
 */
export function inputsDigest(inputs: BuildInputs): string {
  const hash = createHash('sha256').update(`${STAMP_VERSION}\0${inputs.sitegen}\0${inputs.project}\0${JSON.stringify(inputs.options)}\0`);
  hash.update(inputs.configText ?? '\0absent').update('\0');
  // Each file by the digest of its bytes (load-sources.ts): the texts of a large site are not all in memory.
  for (const file of inputs.sources.files) hash.update(file.path).update('\0').update(file.digest).update('\0');
  for (const asset of inputs.sources.assets) hash.update(asset.urlPath).update('\0').update(asset.bytes).update('\0');
  return hash.digest('hex');
}

/** The previous build of an output as it is on disk now. */
export interface PreviousOutput {
  stamp: BuildStamp;
  /**
   * Every file as that build wrote it (size, time and inode) and none added: the output is exactly
   * what it wrote. Only looked at when asked for (`upToDateFor`); false otherwise.
   */
  complete: boolean;
  /**
   * Files of that build whose contents changed since (their pages' cache files are hard links to
   * them, so changed too), or undefined when a damaged entry hides which (changedFiles). A file
   * removed since is not among them unless another link shows its contents changed: its removal
   * changed no other link to it (`rm -rf dist/*` leaves the cache as trustworthy as `rm -rf dist`).
   */
  changed: ReadonlySet<string> | undefined;
}

/**
 * The previous build's stamp and which of its files changed since it left them, as git's index tells
 * an unchanged work tree. Undefined when there is no stamp or it is damaged: then nothing of the
 * previous output can be trusted, and none of it is reused.
 *
 * Whether the output is complete (every file intact, none added) is asked only by a build that may
 * keep it: `upToDateFor` is its inputs' digest, and a stamp of other inputs cannot be kept anyway.
 * Other builds ask only which files changed, and that is a question about the files' contents, not
 * their paths: paths the stamp gives one inode are one file (a page and its Vercel copy), so one
 * `stat` answers for all of them. That halves the calls, 127 000 `stat`s to 64 000 for the
 * 1000-article benchmark's previous output, and skips listing its folders.
 */
export async function previousOutput(cacheDir: string, outDir: string, upToDateFor?: string): Promise<PreviousOutput | undefined> {
  let stamp: BuildStamp;
  try {
    stamp = JSON.parse(await readFile(buildStampPath(cacheDir, outDir), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
  if (stamp?.version !== STAMP_VERSION || typeof stamp.inputs !== 'string' || !Array.isArray(stamp.files) || typeof stamp.report !== 'object') return undefined;
  if (!existsSync(outDir)) return undefined;
  // A damaged entry (not a path and three numbers) hides which files changed.
  if (!stamp.files.every(isStampedFile)) return { stamp, complete: false, changed: undefined };
  const stateNow = (file: StampedFile) => stateOf(attempt(() => statSync(join(outDir, file[0]))), file);
  if (upToDateFor !== stamp.inputs) return { stamp, complete: false, changed: changedFiles(stamp.files, stateNow) };
  const present = await listOutput(outDir);
  if (!present) return undefined;
  // stat in a loop, as the stamp was written (write-build-stamp.ts).
  const states = new Map(stamp.files.map((file) => [file, stateNow(file)]));
  const intact = [...states.values()].filter((state) => state === 'intact').length;
  return { stamp, changed: changedFiles(stamp.files, (file) => states.get(file)!), complete: intact === stamp.files.length && present.length === intact };
}

/** A previous output made from these very inputs and left exactly as it was written: the build has nothing to do. */
export const isUpToDate = (previous: PreviousOutput | undefined, inputs: string): previous is PreviousOutput => !!previous && previous.complete && previous.stamp.inputs === inputs;

const isStampedFile = (file: unknown): file is StampedFile => Array.isArray(file) && typeof file[0] === 'string' && [1, 2, 3].every((i) => typeof file[i] === 'number');

/** A stamped file now: as written, changed in place, another file at its path, or gone. */
type FileState = 'intact' | 'changed' | 'replaced' | 'removed';

function stateOf(now: Stats | undefined, [, size, mtimeMs, ino]: StampedFile): FileState {
  if (!now) return 'removed';
  if (now.ino !== ino) return 'replaced';
  return now.size === size && now.mtimeMs === mtimeMs ? 'intact' : 'changed';
}

/**
 * The stamped files whose contents changed, by file: the first of an inode's paths that still names
 * it tells for all of them, since a change in place changes every link to it (removed ones too), and
 * then the others need no `stat`. A path that names another file now was replaced, which changed no
 * link; but when no path names the inode any more, it may have been changed before it was replaced,
 * and its paths that are there count as changed.
 */
function changedFiles(files: readonly StampedFile[], stateNow: (file: StampedFile) => FileState): Set<string> {
  // By inode, size and time: the links of one file were stamped alike, and two files whose inode
  // numbers only look alike (a file system whose numbers lose precision in a double) stay apart.
  const byFile = new Map<string, StampedFile[]>();
  for (const file of files) {
    const key = `${file[3]}:${file[1]}:${file[2]}`;
    const same = byFile.get(key);
    if (same) same.push(file);
    else byFile.set(key, [file]);
  }
  const changed = new Set<string>();
  for (const same of byFile.values()) {
    let verdict: 'intact' | 'changed' | undefined;
    const replaced: string[] = [];
    for (const file of same) {
      const state = stateNow(file);
      if (state === 'replaced') replaced.push(file[0]);
      else if (state !== 'removed') {
        verdict = state;
        break;
      }
    }
    if (verdict === 'changed') for (const [path] of same) changed.add(path);
    if (verdict === undefined) for (const path of replaced) changed.add(path);
  }
  return changed;
}

/** Every file under the output directory, relative and POSIX-style; undefined when there is none. */
async function listOutput(outDir: string): Promise<string[] | undefined> {
  return pathsUnder(outDir, (entry) => !entry.isDirectory()).catch(() => undefined);
}
