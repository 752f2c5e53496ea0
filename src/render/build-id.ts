import { createHash } from 'node:crypto';
import type { SourceSet } from '../load/load-sources.js';

/**
 * A build's id: a hash of everything that decides its output (content, public files, compiled
 * templates, client bundle names), so the same inputs always give the same id and any change a
 * visitor could see gives a new one. Never the clock: output stays byte-for-byte reproducible.
 */
export function buildIdOf(sources: SourceSet, templatesHash: string, assetPaths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of sources.files) hash.update(`${file.path}\0${file.text}\0`);
  for (const asset of sources.assets) hash.update(`${asset.urlPath}\0`).update(asset.bytes).update('\0');
  hash.update(`${templatesHash}\0${assetPaths.join('\0')}`);
  return hash.digest('hex').slice(0, 12);
}
