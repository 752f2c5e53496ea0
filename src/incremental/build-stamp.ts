import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
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
  /** Output files still as that build wrote them (size, time and inode). */
  intact: ReadonlySet<string>;
  /** Every file intact and none added: the output is exactly what that build wrote. */
  complete: boolean;
  /**
   * Files of that build changed since (their pages' cache files are hard links to them, so changed
   * too), or undefined when a damaged entry hides which. A file removed since is not among them: its
   * removal changed no other link to it (`rm -rf dist/*` leaves the cache as trustworthy as `rm -rf dist`).
   */
  changed: ReadonlySet<string> | undefined;
}

/**
 * The previous build's stamp and which of its files are still as it left them, as git's index tells
 * an unchanged work tree. Undefined when there is no stamp or it is damaged: then nothing of the
 * previous output can be trusted, and none of it is reused.
 */
export async function previousOutput(cacheDir: string, outDir: string): Promise<PreviousOutput | undefined> {
  let stamp: BuildStamp;
  try {
    stamp = JSON.parse(await readFile(buildStampPath(cacheDir, outDir), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
  if (stamp?.version !== STAMP_VERSION || typeof stamp.inputs !== 'string' || !Array.isArray(stamp.files) || typeof stamp.report !== 'object') return undefined;
  const present = await listOutput(outDir);
  if (!present) return undefined;
  // A damaged entry (not a path and three numbers) counts as a changed file.
  // stat in a loop, as the stamp was written (write-build-stamp.ts).
  const states = stamp.files.map((file): 'intact' | 'removed' | 'changed' => {
    if (!Array.isArray(file) || typeof file[0] !== 'string') return 'changed';
    const [path, size, mtimeMs, ino] = file;
    const now = attempt(() => statSync(join(outDir, path)));
    if (!now) return 'removed';
    return now.size === size && now.mtimeMs === mtimeMs && now.ino === ino ? 'intact' : 'changed';
  });
  const intact = new Set(stamp.files.flatMap((file, i) => (states[i] === 'intact' ? [file[0]] : [])));
  const damaged = stamp.files.some((file) => !Array.isArray(file) || typeof file[0] !== 'string');
  const changed = damaged ? undefined : new Set(stamp.files.flatMap(([path], i) => (states[i] === 'changed' ? [path] : [])));
  return { stamp, intact, changed, complete: intact.size === stamp.files.length && present.length === intact.size && present.every((path) => intact.has(path)) };
}

/** A previous output made from these very inputs and left exactly as it was written: the build has nothing to do. */
export const isUpToDate = (previous: PreviousOutput | undefined, inputs: string): previous is PreviousOutput => !!previous && previous.complete && previous.stamp.inputs === inputs;

/** Every file under the output directory, relative and POSIX-style; undefined when there is none. */
async function listOutput(outDir: string): Promise<string[] | undefined> {
  return pathsUnder(outDir, (entry) => !entry.isDirectory()).catch(() => undefined);
}
