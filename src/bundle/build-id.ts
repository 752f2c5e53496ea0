import { createHash } from 'node:crypto';

/**
 * The app build's id (spec: "a periodic check for a new app build reloads the page"): a hash of the
 * compiled templates and the content-hashed client files, so it changes when the site's code does
 * (old chunks may be gone: open pages must reload) and not when content does. An edited article
 * changes its own pages only, which lets an incremental build leave every other page as it was.
 * Never the clock: output stays byte-for-byte reproducible.
 */
export function buildIdOf(templatesHash: string, assetPaths: readonly string[]): string {
  return createHash('sha256').update(`${templatesHash}\0${assetPaths.join('\0')}`).digest('hex').slice(0, 12);
}
