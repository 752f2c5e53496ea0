import { dirname } from 'node:path';
import type { Diagnostic } from '../errors/site-error.js';
import type { SourceFs } from '../fs/source-fs.js';
import type { SiteConfig } from '../model/site-config.js';
import { decodeSource, type SourceSet } from '../model/sources.js';
import { checkProductFiles } from './product-file-checks.js';
import { parseSiteConfig } from './load-config.js';
import { loadSources } from './load-sources.js';

/** What a build starts from: the site configuration, checked, and every content file. */
export interface LoadedSite {
  configPath: string;
  /** The folder site.yaml is in: every content path starts with it. */
  contentDir: string;
  /** site.yaml as written (the incremental layer digests it). */
  configText: string;
  config: SiteConfig;
  sources: SourceSet;
}

/** The load stage: site.yaml (a configuration that is missing or invalid stops here), then the content folder (`keepMarkdown`: loadSources). */
export async function loadSite(fs: SourceFs, configPath: string, keepMarkdown = false): Promise<{ site?: LoadedSite; diagnostics: Diagnostic[] }> {
  const bytes = await fs.readBytes(configPath);
  // Decoded as every content file is (its bytes, if not UTF-8, are reported by parse with the rest).
  const configText = bytes ? decodeSource(bytes).text : undefined;
  const { config, diagnostics } = parseSiteConfig(configText, configPath);
  if (!config || configText === undefined) return { diagnostics };
  const contentDir = dirname(configPath);
  const loaded = await loadSources(fs, contentDir, keepMarkdown);
  const productFiles = checkProductFiles(config, loaded.sources, contentDir, configPath, configText);
  return { site: { configPath, contentDir, configText, config, sources: loaded.sources }, diagnostics: [...diagnostics, ...loaded.diagnostics, ...productFiles] };
}
