import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { statAll } from '../fs/file-threads.js';
import { replaceFile } from '../fs/replace-file.js';
import type { SameFiles } from '../model/output-file.js';
import { buildStampPath, STAMP_VERSION, withoutCauses, type BuildStamp, type StampedFile, type StampedReport } from './build-stamp.js';

/**
 * Records a successful build (build-stamp.ts) after its output is in place: the inputs'
 * digest, each output file's size, time and inode as written, and the report. Written to a
 * temporary file and renamed; a stamp that cannot be written only costs the next build its
 * shortcut, so failures are ignored.
 */
export async function writeBuildStamp(cacheDir: string, outDir: string, inputs: string, paths: Iterable<string>, report: StampedReport, sameFiles: SameFiles = new Map(), { aside = 0.5 } = {}): Promise<void> {
  try {
    const sorted = [...paths].sort();
    // A file with several paths (a page and its Vercel copy) is one inode: one `stat` for all of
    // them (half the calls for the 1000-article benchmark). `slot`: each path's file in `files`;
    // only the files several paths share are looked up by name.
    const shared = new Set(sameFiles.values());
    const sharedAt = new Map<string, number>();
    const files: string[] = [];
    const slot = new Int32Array(sorted.length);
    sorted.forEach((file, i) => {
      const one = sameFiles.get(file) ?? file;
      if (one === file && !shared.has(one)) slot[i] = files.push(file) - 1;
      else {
        let at = sharedAt.get(one);
        if (at === undefined) sharedAt.set(one, (at = files.push(one) - 1));
        slot[i] = at;
      }
    });
    // Started before anything is awaited: the caller goes on with synchronous work (linking pages into their cache) meanwhile.
    // `aside`: the share stat'ed in a thread (statAll).
    const stats = statAll(outDir, files, aside);
    stats.catch(() => undefined); // awaited below
    const path = buildStampPath(cacheDir, outDir);
    await mkdir(dirname(path), { recursive: true });
    const records = await stats;
    if (!records) return;
    // The JSON of a BuildStamp, a file at a time: 280 000 files' records are never one string.
    await replaceFile(path, (function* stamp(): Generator<string> {
      yield `{"version":${JSON.stringify(STAMP_VERSION satisfies BuildStamp['version'])},"inputs":${JSON.stringify(inputs)},"files":[`;
      for (let i = 0; i < sorted.length; i++) {
        const j = slot[i]! * 3;
        const file: StampedFile = [sorted[i]!, records[j]!, records[j + 1]!, records[j + 2]!];
        yield `${i ? ',' : ''}${JSON.stringify(file)}`;
      }
      yield `],"report":${JSON.stringify(withoutCauses(report))}}`;
    })());
  } catch {
    // The cache only saves time.
  }
}
