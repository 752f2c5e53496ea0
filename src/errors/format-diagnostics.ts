import { hintOf, locationOf, type Diagnostic } from './site-error.js';

export interface ReportStyle {
  color: boolean;
  verbose: boolean;
}

/** How many diagnostics of one code are printed before "... and N more" (all of them with --verbose). */
const PER_CODE_LIMIT = 8;

export const paint = (on: boolean, code: number) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/**
 * Diagnostics as a writer reads them: location, message, code frame, and what to do: the hint of
 * the code and the docs/ section that explains it, under the first diagnostic of each code and
 * severity (the rest carry the same code).
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], style: ReportStyle): string {
  const red = paint(style.color, 31);
  const yellow = paint(style.color, 33);
  const dim = paint(style.color, 2);
  const lines: string[] = [];
  const shown = new Map<string, number>();
  const hidden = new Map<string, number>();
  const hinted = new Set<string>();
  for (const d of diagnostics) {
    const key = `${d.severity}:${d.code}`;
    const count = shown.get(key) ?? 0;
    if (!style.verbose && d.severity === 'warning' && count >= PER_CODE_LIMIT) {
      hidden.set(key, (hidden.get(key) ?? 0) + 1);
      continue;
    }
    shown.set(key, count + 1);
    const label = d.severity === 'error' ? red('error') : yellow('warning');
    const where = locationOf(d);
    lines.push(`${label} ${dim(`[${d.code}]`)} ${where ? `${where} ` : ''}${d.message}`);
    if (d.frame) lines.push(indent(d.frame));
    if (!hinted.has(key)) {
      hinted.add(key);
      const { hint, docs } = hintOf(d);
      lines.push(indent(dim(`hint: ${hint}`)), indent(dim(`docs: ${docs}`)));
    }
  }
  for (const [key, n] of hidden) {
    const [, code] = key.split(':');
    lines.push(yellow(`... and ${n} more ${code} warning${n === 1 ? '' : 's'} (--verbose shows all)`));
  }
  return lines.join('\n');
}

function indent(text: string): string {
  return text.split('\n').map((l) => `    ${l}`).join('\n');
}
