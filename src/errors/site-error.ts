import { DIAGNOSTICS, type DiagnosticCode } from './catalogue.js';

export type Severity = 'error' | 'warning';

export interface SourcePosition {
  line: number;
  column: number;
}

/** One problem sitegen reports: an error fails the build, a warning does not. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Path relative to the project (e.g. content/en/blog/x.md). */
  file?: string;
  position?: SourcePosition;
  /** A few lines of the source with the position marked. */
  frame?: string;
  /** The underlying exception, for errors that wrap one. */
  cause?: unknown;
}

/** Where in the sources a diagnostic points. */
export type SourcePlace = Partial<Pick<Diagnostic, 'file' | 'position' | 'frame'>>;

export function diagnostic(code: DiagnosticCode, message: string, where: Partial<Pick<Diagnostic, 'file' | 'position' | 'frame' | 'cause'>> = {}, severity: Severity = 'error'): Diagnostic {
  return { code, severity, message, ...where };
}

export function warning(code: DiagnosticCode, message: string, where: Partial<Pick<Diagnostic, 'file' | 'position' | 'frame'>> = {}): Diagnostic {
  return diagnostic(code, message, where, 'warning');
}

export function hintOf(code: DiagnosticCode): string {
  return DIAGNOSTICS[code].hint;
}

/** `file:line:col` as editors and terminals link it. */
export function locationOf(d: Diagnostic): string {
  if (!d.file) return '';
  return d.position ? `${d.file}:${d.position.line}:${d.position.column}` : d.file;
}

/** Thrown by a stage that cannot go on; carries every diagnostic collected so far. */
export class BuildFailure extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.slice(0, 3).map((d) => `${locationOf(d)} ${d.message}`.trim()).join('; ')}`);
    this.name = 'BuildFailure';
  }
}

/** Diagnostics sorted by file, then position, so reports are stable whatever the order of work. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.position?.line ?? 0) - (b.position?.line ?? 0) ||
    (a.position?.column ?? 0) - (b.position?.column ?? 0) ||
    a.message.localeCompare(b.message));
}
