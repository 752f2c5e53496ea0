import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pathsUnder } from '../fs/paths-under.js';
import { edgeConfigSchema } from '../model/edge-config.js';
import type { CheckInput } from './finding.js';
import { parseLegacyUrls } from './legacy-urls.js';
import type { LegacyUrl } from './redirect-checks.js';

/**
 * What `sitegen check` reads: every file of a built output directory, its edge document, and the
 * legacy-URL list of the content folder (content/data/legacy-urls.yaml, optional). Read-only.
 */
export async function readBuiltSite(dir: string): Promise<CheckInput> {
  const files = new Map<string, Uint8Array>();
  const paths = await pathsUnder(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new Error(`there is no built site at ${dir}: run sitegen build first, or pass the output directory with --dir`) : error;
  });
  for (const rel of paths) {
    // The Vercel output repeats every file; the checks read the host folders.
    if (rel.startsWith('.vercel/')) continue;
    files.set(rel, await readFile(join(dir, rel)));
  }
  const edgeBytes = files.get('edge-config.json');
  if (!edgeBytes) throw new Error(`${join(dir, 'edge-config.json')} is missing: run sitegen build first, or pass the output directory with --dir`);
  return { files, edge: edgeConfigSchema.parse(JSON.parse(new TextDecoder().decode(edgeBytes))) };
}

export async function readLegacyUrls(configPath: string, root: string): Promise<LegacyUrl[]> {
  const file = join(dirname(configPath), 'data/legacy-urls.yaml');
  try {
    return parseLegacyUrls(await readFile(join(root, file), 'utf8'), file.split(sep).join('/'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
