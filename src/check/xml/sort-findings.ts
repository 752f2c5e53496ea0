import type { Finding } from '../finding.js';

/** Findings in a stable order: file, line, column, code. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
