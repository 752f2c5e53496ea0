import type { z } from 'zod';
import type { DiagnosticCode } from '../errors/catalogue.js';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { PositionedYaml } from './yaml-document.js';

/**
 * Turn zod issues into diagnostics positioned on the YAML node they are about, with the key path
 * spelt out (`plans[2].prices.USD`) so the writer knows which field to fix.
 */
export function zodIssuesToDiagnostics(
  code: DiagnosticCode,
  issues: readonly z.core.$ZodIssue[],
  file: string,
  yaml: PositionedYaml,
  source: string,
): Diagnostic[] {
  return issues.map((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const extraKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const unknownKey = extraKeys[0];
    const position = unknownKey !== undefined ? yaml.keyPositionOf([...path, unknownKey]) : yaml.positionOf(path);
    const where = unknownKey !== undefined ? formatPath([...path, unknownKey]) : formatPath(path);
    const message = unknownKey !== undefined
      ? `unknown key "${where}"${extraKeys.length > 1 ? ` (and ${extraKeys.slice(1).map((k) => `"${k}"`).join(', ')})` : ''}`
      : `${where ? `"${where}": ` : ''}${issue.message}`;
    return diagnostic(code, message, { file, position, frame: codeFrame(source, position) });
  });
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
