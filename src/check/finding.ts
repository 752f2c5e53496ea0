import type { EdgeConfig } from '../model/edge-config.js';
import type { CheckCode } from '../errors/catalogue.js';
import type { Severity } from '../errors/site-error.js';
import type { SourceRef } from '../model/page-sources.js';

/**
 * What `sitegen check` reports: one finding per broken rule, at a file and (where it has one) a
 * line and column of that file, with a message a writer can act on. Its code is a check code of the
 * diagnostic catalogue (src/errors/catalogue.ts), which gives its title and hint.
 */
export interface Finding {
  /** Stable code, e.g. CHECK_LINK_BROKEN, CHECK_HREFLANG_NOT_RECIPROCAL. */
  code: CheckCode;
  severity: Severity;
  /** Path relative to the checked directory: www.example.com/vn/pricing.html, edge-config.json. */
  file: string;
  line?: number;
  column?: number;
  message: string;
  /** The absolute URL a link or image finding is about, for finding where the writer wrote it. */
  target?: string;
  /**
   * Where to make the change, when that is not the output file: the Markdown or YAML line of the
   * content (a front matter field, a message key, a link or image of the body), or the template
   * that writes the markup. Added from the build's page source map (src/check/source-places.ts).
   */
  source?: FindingSource;
}

/** A finding's place in the sources: the one to change, and any others the text is made of. */
export interface FindingSource extends SourceRef {
  /** The other parts of the text: a list title's category and tag, the site name every title ends with. */
  also?: SourceRef[];
}

/**
 * The rule id of a code, as check reports named rules before the catalogue (and still do, in the
 * JSON report's `rule` and `byRule`): CHECK_LINK_BROKEN → link-broken.
 */
export function ruleOf(code: CheckCode): string {
  return code.slice('CHECK_'.length).toLowerCase().replace(/_/g, '-');
}

/** A built site as the checks see it: every output file, and the edge document it was built with. */
export interface CheckInput {
  files: ReadonlyMap<string, Uint8Array>;
  edge: EdgeConfig;
}

/** One HTML page of the output. */
export interface SitePage {
  /** Output path: www.polybrowser.example/vn/pricing.html. */
  file: string;
  /** Host key (main, zh, ru) of the folder it is in. */
  host: string;
  /** Absolute URL it is served at: https://www.polybrowser.example/vn/pricing. */
  url: string;
  html: string;
  /** A locale's 404 page (served for unknown paths, never linked to or listed). */
  notFound: boolean;
}

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
