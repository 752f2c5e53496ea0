import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KnownFiles } from '../emit/staging.js';
import { attempt } from '../fs/attempt.js';
import { replaceFile } from '../fs/replace-file.js';
import { isOnDisk, type OutputBytes, type OutputFile } from '../model/output-file.js';
import type { SiteWideFiles, SiteWideGroup } from '../pipeline/site-output.js';

/**
 * The last build's site-wide files (site-output.ts), one record per group in
 * `<cache>/site-wide/<group>.json`: the key they were made under, and each file's output path,
 * content digest and size. The bytes are the output cache's kept files (output-snapshot.ts), which
 * emit links into place unread. The key is what the group is made from: sitegen's code (`salt`),
 * the configuration and every page's summary (page-keys.ts pagesDigest), which leaves out the
 * bodies alone.
 */
interface GroupRecord {
  version: typeof RECORD_VERSION;
  key: string;
  files: [path: string, digest: string, size: number][];
}

const RECORD_VERSION = 1;
const recordPath = (cacheDir: string, group: SiteWideGroup) => join(cacheDir, 'site-wide', `${group}.json`);

export interface SiteWideCache extends SiteWideFiles {
  /** After keepOutput: records each group's files as this build's output has them, for the next build. */
  keep(made: Partial<Record<SiteWideGroup, string[]>>, output: ReadonlyMap<string, OutputBytes>): Promise<void>;
}

/**
 * `known`: the output cache's kept files, when they are trusted (incremental-build.ts knownFiles):
 * without them nothing is reused. `inputs`: the configuration and pages' digest, asked once, when
 * a group is first looked up or kept.
 */
export function siteWideCache(cacheDir: string, salt: string, inputs: () => string, known: KnownFiles | undefined): SiteWideCache {
  let digest: string | undefined;
  const keyOf = (group: SiteWideGroup) => createHash('sha256').update(`${salt}\0${group}\0${(digest ??= inputs())}`).digest('hex');
  return {
    reuse(group) {
      if (!known) return undefined;
      const record = attempt(() => JSON.parse(readFileSync(recordPath(cacheDir, group), 'utf8')) as GroupRecord);
      if (record?.version !== RECORD_VERSION || record.key !== keyOf(group) || !Array.isArray(record.files)) return undefined;
      const files: OutputFile[] = [];
      for (const entry of record.files) {
        const [path, sha256, size] = Array.isArray(entry) ? entry : [];
        if (typeof path !== 'string' || typeof sha256 !== 'string' || typeof size !== 'number') return undefined;
        const onDisk = known(sha256);
        // A file the output cache no longer has: the group is made again.
        if (onDisk === undefined) return undefined;
        files.push({ path, contents: { onDisk, size, digest: sha256 } });
      }
      return files;
    },
    async keep(made, output) {
      for (const [group, paths] of Object.entries(made) as [SiteWideGroup, string[]][]) {
        const files = paths.map((path): GroupRecord['files'][number] | undefined => {
          const bytes = output.get(path);
          // Named by a digest when the staging folder was given one (site-output.ts stored): always, in a build that writes.
          return bytes && isOnDisk(bytes) && bytes.digest ? [path, bytes.digest, bytes.size] : undefined;
        });
        if (files.some((file) => !file)) rmSync(recordPath(cacheDir, group), { force: true });
        else {
          mkdirSync(join(cacheDir, 'site-wide'), { recursive: true });
          await replaceFile(recordPath(cacheDir, group), JSON.stringify({ version: RECORD_VERSION, key: keyOf(group), files: files as GroupRecord['files'] } satisfies GroupRecord));
        }
      }
    },
  };
}
