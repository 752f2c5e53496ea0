import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_CONFIG_FILES } from '../../../src/model/host-config-files.js';
import { contentTypeOf } from '../../../src/serve/content-types.js';

export interface FoundFile { path: string; bytes: Uint8Array; type: string }

/**
 * A static host's file lookup for a URL path: the file itself, else (Netlify's pretty URLs, not
 * with `exact`, as on Vercel) `<path>.html`, else `<path>/index.html`; the hosts never publish their
 * configuration files.
 */
export function findStaticFile(folder: string, pathname: string, options: { exact?: boolean } = {}): FoundFile | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').some((s) => s === '..' || HOST_CONFIG_FILES.includes(s))) return undefined;
  const candidates = options.exact ? [path] : [path, `${path}.html`, `${path.replace(/\/$/, '')}/index.html`];
  for (const candidate of candidates) {
    const file = join(folder, candidate);
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) continue;
    return { path: candidate, bytes: readFileSync(file), type: contentTypeOf(candidate) };
  }
  return undefined;
}
