import { parseYaml } from '../errors/yaml-document.js';
import type { LegacyUrl } from './redirect-checks.js';

/**
 * The legacy-URL list (content/data/legacy-urls.yaml: a YAML list of absolute URLs) with the line
 * and column of each entry. The build has already validated its shape; here only its places matter.
 */
export function parseLegacyUrls(text: string, file: string): LegacyUrl[] {
  const { yaml } = parseYaml(text, file);
  if (!yaml || !Array.isArray(yaml.value)) return [];
  return yaml.value.flatMap((url, i) => (typeof url === 'string' ? [{ url, file, ...yaml.positionOf([i]) }] : []));
}
