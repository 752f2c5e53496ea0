import { DIAGNOSTICS, docsOf, type DiagnosticCode } from './catalogue.js';

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
  /** Path relative to the project (e.g. content/en/blog/x.md, in the content folder of --config). */
  file?: string;
  position?: SourcePosition;
  /** A few lines of the source with the position marked. */
  frame?: string;
  /**
   * What to do, and the docs/ section that explains the code (docs/errors.md#unknown_tag): the
   * catalogue's, set by diagnostic() so that every report (terminal, --json, the dev overlay) can
   * show them without the catalogue. Optional only for diagnostics kept by an older sitegen;
   * hintOf() reads them either way.
   */
  hint?: string;
  docs?: string;
  /** The underlying exception, for errors that wrap one. */
  cause?: unknown;
}

/** Where in the sources a diagnostic points. */
export type SourcePlace = Partial<Pick<Diagnostic, 'file' | 'position' | 'frame'>>;

export function diagnostic(code: DiagnosticCode, message: string, where: Partial<Pick<Diagnostic, 'file' | 'position' | 'frame' | 'cause'>> = {}, severity: Severity = 'error'): Diagnostic {
  // Read one by one, not spread: a place may find its position and frame when they are read (errors/code-frame.ts placeIn).
  const { file, position, frame, cause } = where;
  return {
    code, severity, message,
    ...(file !== undefined ? { file } : {}), ...(position !== undefined ? { position } : {}), ...(frame !== undefined ? { frame } : {}), ...('cause' in where ? { cause } : {}),
    ...hintOf({ code }),
  };
}

/** A diagnostic's hint and docs link: its own, else the catalogue's for its code. */
export function hintOf(d: Pick<Diagnostic, 'code' | 'hint' | 'docs'>): { hint: string; docs: string } {
  return { hint: d.hint ?? DIAGNOSTICS[d.code].hint, docs: d.docs ?? docsOf(d.code) };
}

export function warning(code: DiagnosticCode, message: string, where: Partial<Pick<Diagnostic, 'file' | 'position' | 'frame'>> = {}): Diagnostic {
  return diagnostic(code, message, where, 'warning');
}

/** `file:line:col` as editors and terminals link it. */
export function locationOf(d: SourcePlace): string {
  if (!d.file) return '';
  return d.position ? `${d.file}:${d.position.line}:${d.position.column}` : d.file;
}

/** Diagnostics sorted by file, then position, so reports are stable whatever the order of work. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.position?.line ?? 0) - (b.position?.line ?? 0) ||
    (a.position?.column ?? 0) - (b.position?.column ?? 0) ||
    a.message.localeCompare(b.message));
}
