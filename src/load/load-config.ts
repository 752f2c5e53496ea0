import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { parseYaml } from '../errors/yaml-document.js';
import { zodIssuesToDiagnostics } from '../errors/zod-diagnostics.js';
import { siteConfigSchema, type SiteConfig } from '../model/site-config.js';

/** The site configuration when --config does not name one; its folder is the content folder. */
export const DEFAULT_CONFIG = 'content/site.yaml';

export interface LoadedConfig {
  config?: SiteConfig;
  diagnostics: Diagnostic[];
}

/** Validate the text of site.yaml; every problem is reported with the key it is about. */
export function parseSiteConfig(text: string | undefined, file: string): LoadedConfig {
  if (text === undefined) {
    return { diagnostics: [diagnostic('CONFIG_NOT_FOUND', `no site configuration at ${file}`, { file })] };
  }
  const parsed = parseYaml(text, file);
  if (!parsed.yaml) return { diagnostics: parsed.diagnostics };
  const result = siteConfigSchema.safeParse(parsed.yaml.value ?? {});
  if (!result.success) {
    return { diagnostics: zodIssuesToDiagnostics('CONFIG_INVALID', result.error.issues, { file, source: text, yaml: parsed.yaml }, siteConfigSchema) };
  }
  return { config: result.data, diagnostics: [] };
}
