import { codeFrame } from '../errors/code-frame.js';
import type { SourcePlace } from '../errors/site-error.js';
import { parseYaml, type YamlPath } from '../errors/yaml-document.js';

/**
 * Where a key of site.yaml is, for a diagnostic about its value found after the schema passed it
 * (a file it names, a date the clock makes stale): the key's value, or the file's first line when
 * the key is not written (its default applies).
 */
export function configPlace(configPath: string, configText: string, path: YamlPath): SourcePlace & { written: boolean } {
  const yaml = parseYaml(configText, configPath).yaml;
  let value: unknown = yaml?.value;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
  const written = value !== undefined && yaml !== undefined;
  const position = written ? yaml.positionOf(path) : { line: 1, column: 1 };
  return { file: configPath, position, frame: codeFrame(configText, position), written };
}
