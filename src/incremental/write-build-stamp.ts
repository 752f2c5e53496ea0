import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import type { SameFiles } from '../model/output-file.js';
import { buildStampPath, STAMP_VERSION, withoutCauses, type BuildStamp, type StampedFile, type StampedReport } from './build-stamp.js';

type FileRecord = [size: number, mtimeMs: number, ino: number];

function statRecord(path: string): FileRecord {
  const written = statSync(path);
  return [written.size, written.mtimeMs, written.ino];
}

/**
 * Records a successful build (build-stamp.ts) after its output is in place: the inputs'
 * digest, each output file's size, time and inode as written, and the report. Written to a
 * temporary file and renamed; a stamp that cannot be written only costs the next build its
 * shortcut, so failures are ignored.
 */
export async function writeBuildStamp(cacheDir: string, outDir: string, inputs: string, paths: Iterable<string>, report: StampedReport, sameFiles: SameFiles = new Map()): Promise<void> {
  try {
    const sorted = [...paths].sort();
    const path = buildStampPath(cacheDir, outDir);
    await mkdir(dirname(path), { recursive: true });
    // A file with several paths (a page and its Vercel copy) is one inode: one `stat` for all of
    // them (half the calls for the 1000-article benchmark), kept until its last path is written.
    const pathsLeft = new Map<string, number>();
    for (const one of sameFiles.values()) pathsLeft.set(one, (pathsLeft.get(one) ?? 1) + 1);
    const seen = new Map<string, FileRecord>();
    const recordOf = (file: string): FileRecord => {
      const one = sameFiles.get(file) ?? file;
      const kept = seen.get(one);
      const record: FileRecord = kept ?? statRecord(join(outDir, one));
      const left = pathsLeft.get(one);
      if (left === undefined) return record;
      if (left > 1) seen.set(one, record);
      else seen.delete(one);
      pathsLeft.set(one, left - 1);
      return record;
    };
    // The JSON of a BuildStamp, a file at a time as each is stat'ed (in a loop: tens of thousands
    // of files, a few microseconds each, see linkOrCopy): 280 000 files' records are never in memory at once.
    await replaceFile(path, (function* stamp(): Generator<string> {
      yield `{"version":${JSON.stringify(STAMP_VERSION satisfies BuildStamp['version'])},"inputs":${JSON.stringify(inputs)},"files":[`;
      for (let i = 0; i < sorted.length; i++) {
        const file: StampedFile = [sorted[i]!, ...recordOf(sorted[i]!)];
        yield `${i ? ',' : ''}${JSON.stringify(file)}`;
      }
      yield `],"report":${JSON.stringify(withoutCauses(report))}}`;
    })());
  } catch {
    // The cache only saves time.
  }
}
