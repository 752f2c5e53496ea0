import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { KnownFiles } from '../emit/staging.js';
import { keepAsLink } from '../fs/link-or-copy.js';
import { replaceFile } from '../fs/replace-file.js';
import { isOnDisk, sizeOf, type FileOnDisk, type OutputBytes } from '../model/output-file.js';
import type { RenderedPage } from '../render/render-site.js';
import type { StampedReport } from './build-stamp.js';
import { fileOfKey, presentKeys } from './page-cache.js';
import { namesIn, removeUnused } from './sharded-folder.js';

/**
 * The whole output of the last build a cache folder saw, kept by reference (`<cache>/output/<inputs
 * digest>.json`, named by its inputs so that a build whose inputs changed, most builds, finds
 * nothing to read: parsing the snapshot of 44 000 files only to compare its digest cost 47 ms):
 * every output path names a page of the page cache (by key) or a file kept here by its content
 * digest (`<cache>/files`: sitemaps, bundles, images, hosting files, reports), with the digest of
 * the inputs that made it and what that build reported. A build whose inputs have that very digest
 * (`--rebuild` with nothing changed, or a CI run whose cache was restored and whose content did not
 * change) links every file into place and renders nothing. Like page files, kept files are hard
 * links to the output's files: they cost no bytes.
 */
interface Snapshot {
  version: typeof SNAPSHOT_VERSION;
  /** inputsDigest (build-stamp.ts): everything the output is made from, and nothing else. */
  inputs: string;
  report: StampedReport;
  /** Path, `p<page key>` or `f<content digest>`, size. */
  files: [path: string, ref: string, size: number][];
}

const SNAPSHOT_VERSION = 1;
const snapshotFolder = (cacheDir: string) => join(cacheDir, 'output');
const snapshotPath = (cacheDir: string, inputs: string) => join(snapshotFolder(cacheDir), `${inputs}.json`);
const filesFolder = (cacheDir: string) => join(cacheDir, 'files');
const keptFile = (cacheDir: string, digest: string) => join(filesFolder(cacheDir), digest.slice(0, 2), digest);

/** The output these inputs make, every file of it on disk in the cache; undefined when the cache cannot give all of it. */
export async function restorableOutput(cacheDir: string, inputs: string): Promise<{ output: Map<string, FileOnDisk>; report: StampedReport } | undefined> {
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(await readFile(snapshotPath(cacheDir, inputs), 'utf8')) as Snapshot;
  } catch {
    return undefined;
  }
  if (snapshot?.version !== SNAPSHOT_VERSION || snapshot.inputs !== inputs || !Array.isArray(snapshot.files) || typeof snapshot.report !== 'object') return undefined;
  const pages = presentKeys(cacheDir);
  const kept = new Set(namesIn(filesFolder(cacheDir)));
  const output = new Map<string, FileOnDisk>();
  for (const entry of snapshot.files) {
    if (!Array.isArray(entry)) return undefined;
    const [path, ref, size] = entry;
    if (typeof path !== 'string' || typeof ref !== 'string' || typeof size !== 'number') return undefined;
    const key = ref.slice(1);
    if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
    if (ref[0] === 'p' && pages.has(key)) output.set(path, { onDisk: fileOfKey(cacheDir, key), size });
    else if (ref[0] === 'f' && kept.has(key)) output.set(path, { onDisk: keptFile(cacheDir, key), size, digest: key });
    else return undefined; // a file the cache no longer has: build
  }
  return { output, report: snapshot.report };
}

/**
 * The kept files by digest, for the staging folder (src/emit/staging.ts): a file the build makes
 * again with the same bytes (a locale's search index taken from its cache, an article's cover, an
 * unchanged sitemap) is linked from here instead of being written, and then needs no new link here.
 */
export function keptFiles(cacheDir: string): KnownFiles {
  const names = new Set(namesIn(filesFolder(cacheDir)));
  return (digest) => (names.has(digest) ? keptFile(cacheDir, digest) : undefined);
}

/**
 * A file's content digest: the one it carries (a drawn cover, a social image, a file restored from
 * this cache's files/), or else its bytes hashed (a file on disk read back from where it is now, in the output).
 */
function digestOf(bytes: OutputBytes, read: () => Uint8Array): string {
  if (!isOnDisk(bytes)) return createHash('sha256').update(bytes).digest('hex');
  if (bytes.digest) return bytes.digest;
  return createHash('sha256').update(read()).digest('hex');
}

/**
 * After a build has written its output and the page cache: the output as references, its files
 * that are not pages kept under their digests (linked from the output), and kept files no longer
 * referenced removed. The cache only saves time: a failure leaves the next build to render.
 * `known`: the kept files the staging folder could link from (keptFiles), given only when no file
 * of the previous output changed in place since it was written, so that they still have the bytes
 * their names say.
 */
export async function keepOutput(cacheDir: string, outDir: string, inputs: string, report: StampedReport, pages: ReadonlyMap<string, RenderedPage>, output: ReadonlyMap<string, OutputBytes>, known: KnownFiles | undefined): Promise<void> {
  try {
    // A page's other paths (its 404 twin, its hosting copies) share its bytes: they name its key too.
    const pageOf = new Map<OutputBytes, string>();
    for (const [path, page] of pages) {
      const bytes = output.get(path);
      if (bytes) pageOf.set(bytes, page.key);
    }
    const paths = [...output.keys()].sort();
    const refs: string[] = [];
    const digests = new Set<string>();
    // Each shard folder made once: a recursive mkdir of a folder that exists is still a system call,
    // and the 22 000 social images of the 1000-article corpus made 22 000 of them (0.22 s).
    const folders = new Set<string>();
    for (const path of paths) {
      const bytes = output.get(path)!;
      const key = pageOf.get(bytes);
      if (key) {
        refs.push(`p${key}`);
        continue;
      }
      const digest = digestOf(bytes, () => readFileSync(join(outDir, path)));
      refs.push(`f${digest}`);
      if (digests.has(digest)) continue;
      digests.add(digest);
      const kept = keptFile(cacheDir, digest);
      // Linked from here in the first place (keptFiles): nothing to do.
      if (isOnDisk(bytes) && bytes.onDisk === kept) continue;
      // Kept here already and trusted (known): that file has these bytes, and when it is a link to
      // some other file (the output's, or the social cache's that the output links) there is
      // nothing to do. One `stat` for its link count, not two to compare inodes: those cost 0.45 s
      // for the 22 000 social images of the 1000-article corpus. A kept file of its own (a cache
      // restored by a copy that does not keep hard links) is made one with the output's, so it
      // costs no bytes; and so is every kept file when the previous output changed in place, which
      // mends what that changed.
      if (known?.(digest) === kept && (statSync(kept, { throwIfNoEntry: false })?.nlink ?? 0) > 1) continue;
      const folder = dirname(kept);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      keepAsLink(join(outDir, path), kept);
    }
    mkdirSync(snapshotFolder(cacheDir), { recursive: true });
    // The JSON of a Snapshot, a file at a time: 280 000 files' records are never one string.
    await replaceFile(snapshotPath(cacheDir, inputs), (function* snapshot(): Generator<string> {
      yield `{"version":${JSON.stringify(SNAPSHOT_VERSION satisfies Snapshot['version'])},"inputs":${JSON.stringify(inputs)},"report":${JSON.stringify(report)},"files":[`;
      for (let i = 0; i < paths.length; i++) {
        const file: Snapshot['files'][number] = [paths[i]!, refs[i]!, sizeOf(output.get(paths[i]!)!)];
        yield `${i ? ',' : ''}${JSON.stringify(file)}`;
      }
      yield ']}';
    })());
    // One snapshot: the last build's.
    for (const name of readdirSync(snapshotFolder(cacheDir))) if (name !== `${inputs}.json`) rmSync(join(snapshotFolder(cacheDir), name), { force: true });
    removeUnused(filesFolder(cacheDir), (name) => digests.has(name));
  } catch {
    // The next build renders what it cannot take from here.
  }
}
