import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { FILES_AT_ONCE } from '../fs/source-fs.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import type { OutputFile } from '../model/output-file.js';

/**
 * Check the output set before anything is written: two files for one path, or a path that would
 * leave the output directory, are errors (the second would silently overwrite the first).
 */
export function collectOutput(files: readonly OutputFile[]): { output: Map<string, Uint8Array>; diagnostics: Diagnostic[] } {
  const encoder = new TextEncoder();
  const output = new Map<string, Uint8Array>();
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const path = file.path.replace(/^\/+/, '');
    if (path.split('/').some((segment) => segment === '..' || segment === '') || path.includes('\\')) {
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
 * The only stage that writes. Everything goes into a fresh sibling directory that replaces the
 * output directory with two renames at the end, so a failed or killed build leaves the previous
 * output as it was (at worst a stray .sitegen-tmp-* directory, removed by the next build).
 */
export async function emitSite(output: ReadonlyMap<string, Uint8Array>, outDir: string, unchanged: ReadonlyMap<Uint8Array, string> = new Map()): Promise<void> {
  const target = resolve(outDir);
  const parent = dirname(target);
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `.sitegen-tmp-${token}`);
  const retired = join(parent, `.sitegen-old-${token}`);
  await mkdir(staging, { recursive: true });
  try {
    const dirs = new Set<string>();
    for (const path of output.keys()) dirs.add(dirname(join(staging, path)));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    // A file whose bytes are the very same buffer as an earlier one's (a page's hosting copy, its
    // 404.html twin) is a hard link to it: written once, stored once. Bytes an incremental build
    // took unchanged from the previous output are hard links to that file: not written at all.
    const first = new Map<Uint8Array, string>();
    const writes: [string, Uint8Array][] = [];
    const links: [string, string][] = [];
    const kept: [string, string][] = [];
    for (const [path, bytes] of output) {
      const original = first.get(bytes);
      const previous = unchanged.get(bytes);
      if (original !== undefined) links.push([original, path]);
      else if (previous !== undefined) {
        first.set(bytes, path);
        kept.push([join(target, previous), path]);
      } else {
        first.set(bytes, path);
        writes.push([path, bytes]);
      }
    }
    // Where a hard link cannot be made (another file system, a link limit), the bytes are written.
    const linkOrWrite = (from: string, to: string) => link(from, join(staging, to)).catch(() => writeFile(join(staging, to), output.get(to)!));
    await mapConcurrent(kept, FILES_AT_ONCE, ([from, to]) => linkOrWrite(from, to));
    await mapConcurrent(writes, FILES_AT_ONCE, ([path, bytes]) => writeFile(join(staging, path), bytes));
    await mapConcurrent(links, FILES_AT_ONCE, ([from, to]) => linkOrWrite(join(staging, from), to));
    let hadPrevious = true;
    try {
      await rename(target, retired);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadPrevious = false;
    }
    try {
      await rename(staging, target);
    } catch (error) {
      if (hadPrevious) await rename(retired, target);
      throw error;
    }
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The emit stage: the output written (emitSite), or the reason it could not be, as a diagnostic naming the output as the user gave it. */
export async function writeOutput(output: ReadonlyMap<string, Uint8Array>, outDir: string, unchanged: ReadonlyMap<Uint8Array, string>, shownAs: string): Promise<{ diagnostics: Diagnostic[] }> {
  try {
    await emitSite(output, outDir, unchanged);
    return { diagnostics: [] };
  } catch (error) {
    return { diagnostics: [diagnostic('EMIT_FAILED', `writing ${shownAs} failed: ${(error as Error).message}`, { cause: error })] };
  }
}
