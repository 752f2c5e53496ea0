import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceFile } from '../fs/replace-file.js';
import { buildStampPath, STAMP_VERSION, withoutCauses, type BuildStamp, type StampedFile, type StampedReport } from './build-stamp.js';

/**
 * Records a successful build (build-stamp.ts) after its output is in place: the inputs'
 * digest, each output file's size, time and inode as written, and the report. Written to a
 * temporary file and renamed; a stamp that cannot be written only costs the next build its
 * shortcut, so failures are ignored.
 */
export async function writeBuildStamp(cacheDir: string, outDir: string, inputs: string, paths: Iterable<string>, report: StampedReport): Promise<void> {
  try {
    // stat in a loop: tens of thousands of files, a few microseconds each (see linkOrCopy).
    const files = [...paths].sort().map((path): StampedFile => {
      const written = statSync(join(outDir, path));
      return [path, written.size, written.mtimeMs, written.ino];
    });
    const stamp: BuildStamp = { version: STAMP_VERSION, inputs, files, report: withoutCauses(report) };
    const path = buildStampPath(cacheDir, outDir);
    await mkdir(dirname(path), { recursive: true });
    await replaceFile(path, JSON.stringify(stamp));
  } catch {
    // The cache only saves time.
  }
}
