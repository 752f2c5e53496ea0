import { DIAGNOSTICS } from '../../errors/catalogue.js';
import type { Diagnostic } from '../../errors/site-error.js';

/** A page of sitegen's docs/ a hint names: `docs/content.md#front-matter-fields`. */
export interface DocsLink {
  /** The file name in docs/ (content.md). */
  page: string;
  /** The heading's anchor, without '#' (empty: the top of the page). */
  anchor: string;
}

/**
 * One error as the dev error panel shows it: plain data (JSON over the event stream), every field
 * text the browser sets as text, never as markup. Each field a Diagnostic has, and its catalogue
 * entry's title and hint.
 */
export interface PanelError {
  code: string;
  /** The catalogue's title of the code ("Unknown category"). */
  title: string;
  message: string;
  /** Project-relative path, as the terminal shows it. */
  file?: string;
  line?: number;
  column?: number;
  frame?: string;
  hint?: string;
  /** The docs pages the hint names, in order. */
  docs: DocsLink[];
}

/** What a failed build sends to open pages: a number that tells one failed build from the next, and its errors. */
export interface PanelReport {
  build: number;
  errors: PanelError[];
}

/** `docs/<page>.md` or `docs/<page>.md#anchor` in a hint. */
const DOCS_REFERENCE = /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;

export function docsLinksIn(text: string): DocsLink[] {
  return [...text.matchAll(DOCS_REFERENCE)].map((m) => ({ page: m[1]!, anchor: m[2] ?? '' }));
}

export function panelError(d: Diagnostic): PanelError {
  const entry = DIAGNOSTICS[d.code];
  const hint = entry?.hint;
  return {
    code: d.code,
    title: entry?.title ?? d.code,
    message: d.message,
    ...(d.file ? { file: d.file } : {}),
    ...(d.position ? { line: d.position.line, column: d.position.column } : {}),
    ...(d.frame ? { frame: d.frame } : {}),
    ...(hint ? { hint } : {}),
    docs: hint ? docsLinksIn(hint) : [],
  };
}
