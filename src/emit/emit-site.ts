import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { linkAll, removeTreeAside } from '../fs/file-threads.js';
import { FILES_AT_ONCE } from '../fs/source-fs.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import { isOnDisk, type OutputBytes, type OutputFile, type SameFiles } from '../model/output-file.js';
import type { Progress } from '../model/progress.js';
import { openStaging, type Staging } from './staging.js';

/** A file's path in the output folder (no leading slash), or undefined when it would leave the folder. */
export function outputPath(written: string): string | undefined {
  const path = written.replace(/^\/+/, '');
  return path.split('/').some((segment) => segment === '..' || segment === '') || path.includes('\\') ? undefined : path;
}

/**
 * Check the output set before anything is written: two files for one path, or a path that would
 * leave the output directory, are errors (the second would silently overwrite the first).
 */
export function collectOutput(files: readonly OutputFile[]): { output: Map<string, OutputBytes>; diagnostics: Diagnostic[] } {
  const encoder = new TextEncoder();
  const output = new Map<string, OutputBytes>();
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const path = outputPath(file.path);
    if (path === undefined) {
      diagnostics.push(diagnostic('EMIT_FAILED', `refusing to write outside the output directory: ${JSON.stringify(file.path)}`));
      continue;
    }
    if (output.has(path)) {
      diagnostics.push(diagnostic('EMIT_FAILED', `two outputs for one file: ${path}`));
      continue;
    }
    output.set(path, typeof file.contents === 'string' ? encoder.encode(file.contents) : file.contents);
  }
  return { output, diagnostics };
}

/**
 * The only stage that writes. Everything goes into a fresh sibling directory (staging.ts) that
 * replaces the output directory with two renames at the end, so a failed or killed build leaves the
 * previous output as it was (at worst stray .sitegen-tmp-* and .sitegen-old-* folders, which the
 * next build removes: sweepStaging, called by build.ts before it reads anything).
 * Pages streamed into the staging folder while they were rendered are there already; pages kept
 * from the previous output are hard links to its files, never read. `progress` counts the files in place.
 * Returns which files are hard links to which, and the removal of the previous output, under way.
 */
export async function emitSite(output: ReadonlyMap<string, OutputBytes>, staging: Staging, progress?: Progress): Promise<Emitted> {
  const { target, dir, retired } = staging;
  try {
    await staging.settled();
    // Paths relative to the output, joined to the staging folder when used: 280 000 absolute paths
    // held at once were tens of megabytes.
    const dirs = new Set<string>();
    for (const path of output.keys()) dirs.add(dirname(path));
    for (const folder of [...dirs].sort()) mkdirSync(join(dir, folder), { recursive: true });
    // A file whose bytes are the very same buffer as an earlier one's (a page's hosting copy, its
    // 404.html twin) is a hard link to it: written once, stored once. A file already on disk is a
    // hard link to that file (nothing to do for a page streamed to its own place).
    const first = new Map<Uint8Array, string>();
    const writes: [path: string, bytes: Uint8Array][] = [];
    const links: [from: string, path: string][] = [];
    for (const [path, bytes] of output) {
      if (isOnDisk(bytes)) {
        if (bytes.onDisk !== join(dir, path)) links.push([bytes.onDisk, path]);
        continue;
      }
      const original = first.get(bytes);
      if (original !== undefined) links.push([join(dir, original), path]);
      else {
        first.set(bytes, path);
        writes.push([path, bytes]);
      }
    }
    // Files already in place (pages streamed while they were rendered) are done from the start.
    let done = output.size - writes.length - links.length;
    const fileDone = progress ? () => progress(++done, output.size) : () => undefined;
    await mapConcurrent(writes, FILES_AT_ONCE, async ([path, bytes]) => {
      await writeFile(join(dir, path), bytes);
      fileDone();
    });
    // Every link's source is on disk by now: the writes above came first. Each link is told to the
    // stamp as the output file it is one with, which it need not look at again (SameFiles).
    const copied = await linkAll(dir, links, fileDone);
    const sameFiles = new Map<string, string>();
    const firstLinkOf = new Map<string, string>();
    const inStaging = `${dir}/`;
    links.forEach(([from, path], i) => {
      if (copied.has(i)) return;
      const one = from.startsWith(inStaging) ? from.slice(inStaging.length) : firstLinkOf.get(from);
      if (one !== undefined) sameFiles.set(path, one);
      else firstLinkOf.set(from, path);
    });
    let hadPrevious = true;
    try {
      await rename(target, retired);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadPrevious = false;
    }
    try {
      await rename(dir, target);
    } catch (error) {
      if (hadPrevious) await rename(retired, target);
      throw error;
    }
    // The previous output is removed while the build stamps the new one (file-threads.ts).
    const retiredGone = hadPrevious ? removeTreeAside(retired, output.size) : Promise.resolve();
    void retiredGone.finally(() => staging.close());
    return { sameFiles, retiredGone };
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

/** What emit did: which files it linked to which, and the previous output's removal, which the build awaits before it ends. */
export interface Emitted {
  sameFiles: SameFiles;
  /** Never rejects: what a thread could not remove is removed in this one. */
  retiredGone: Promise<void>;
}

/** The emit stage: the output written (emitSite, into the given staging folder or a new one for this output directory), or the reason it could not be, as a diagnostic naming the output as the user gave it. */
export async function writeOutput(output: ReadonlyMap<string, OutputBytes>, staging: Staging | string, shownAs: string, progress?: Progress): Promise<{ diagnostics: Diagnostic[] } & Partial<Emitted>> {
  try {
    const emitted = await emitSite(output, typeof staging === 'string' ? await openStaging(staging) : staging, progress);
    return { diagnostics: [], ...emitted };
  } catch (error) {
    return { diagnostics: [diagnostic('EMIT_FAILED', `writing ${shownAs} failed: ${(error as Error).message}`, { cause: error })] };
  }
}
