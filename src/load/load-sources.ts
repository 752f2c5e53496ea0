import { warning, type Diagnostic } from '../errors/site-error.js';
import { FILES_AT_ONCE, type SkippedLink, type SourceFs } from '../fs/source-fs.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import { decodeSource, sourceDigest, type PublicAsset, type SourceFile, type SourceSet } from '../model/sources.js';

/**
 * Read every content file. No parsing decisions here: that is the parse stage's job. Markdown files
 * are digested and let go unless `keepMarkdown` (parse reads each again when it gets to it).
 */
export async function loadSources(fs: SourceFs, contentDir: string, keepMarkdown = false): Promise<{ sources: SourceSet; diagnostics: Diagnostic[] }> {
  const { files: paths, skipped } = await fs.listFiles(contentDir);
  const publicPrefix = `${contentDir}/public/`;
  const files: SourceFile[] = [];
  const assets: PublicAsset[] = [];
  // A bounded number of reads at once: a site of 50 000 files must not run out of file descriptors.
  // Markdown that is not kept is only digested, where the reader can do that without handing over its bytes.
  const digestOnly = (path: string, name: string) => !keepMarkdown && !!fs.digests && name.endsWith('.md') && !path.startsWith(publicPrefix);
  const digested: string[] = [];
  await mapConcurrent(paths, FILES_AT_ONCE, async (path) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name.startsWith('.')) return;
    if (digestOnly(path, name)) {
      digested.push(path);
      return;
    }
    const bytes = await fs.readBytes(path);
    if (!bytes) return;
    if (path.startsWith(publicPrefix)) assets.push({ urlPath: `/${path.slice(publicPrefix.length)}`, bytes });
    else if (/\.ya?ml$/.test(name) || (keepMarkdown && name.endsWith('.md'))) files.push({ path, digest: sourceDigest(bytes), ...decodeSource(bytes) });
    else if (name.endsWith('.md')) files.push({ path, digest: sourceDigest(bytes) });
  });
  if (digested.length) {
    const digests = await fs.digests!(digested);
    digested.forEach((path, i) => {
      const digest = digests[i];
      if (digest !== undefined) files.push({ path, digest });
    });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  assets.sort((a, b) => (a.urlPath < b.urlPath ? -1 : a.urlPath > b.urlPath ? 1 : 0));
  return { sources: { contentDir, files, assets }, diagnostics: skipped.map(notFollowed) };
}

const WHY: Record<SkippedLink['reason'], string> = {
  outside: 'outside the content folder',
  missing: 'which does not exist',
  loop: 'a folder that holds the link itself',
};

function notFollowed({ path, target, reason }: SkippedLink): Diagnostic {
  return warning('SYMLINK_NOT_FOLLOWED', `symbolic link to ${target}, ${WHY[reason]}: not followed${reason === 'loop' ? ' (it would never end)' : ''}`, { file: path });
}

