import { decodeOrKeep } from '../format/percent-decode.js';
import type { CheckCode } from '../errors/catalogue.js';
import type { EdgeConfig } from '../model/edge-config.js';
import { SOURCE_MAP_PATH, sourceMapSchema, type BodyRef, type PageSources, type SourceMap, type SourceRef } from '../model/page-sources.js';
import type { CheckInput, Finding, FindingSource } from './finding.js';

/** Whether the findings could be placed in the sources: the output had a page source map, had none, or had one check cannot read. */
export type SourceMapStatus = 'used' | 'missing' | 'invalid';

/** The page source map the build wrote into the output (reports/sources.json), if it has a readable one. */
export function readSourceMap(input: CheckInput): { map?: SourceMap; status: SourceMapStatus } {
  const bytes = input.files.get(SOURCE_MAP_PATH);
  if (!bytes) return { status: 'missing' };
  try {
    const parsed = sourceMapSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? { map: parsed.data, status: 'used' } : { status: 'invalid' };
  } catch {
    return { status: 'invalid' };
  }
}

/** Rules about the title and description: placed at the content the text comes from. */
const TEXT_RULES: Partial<Record<CheckCode, 'title' | 'description'>> = {
  CHECK_TITLE_LENGTH: 'title', CHECK_TITLE_MISSING: 'title',
  CHECK_DESCRIPTION_LENGTH: 'description', CHECK_DESCRIPTION_MISSING: 'description',
};
/** Rules about a link or an image: placed at the Markdown that wrote it, else at the template. */
const LINK_RULES: Partial<Record<CheckCode, 'links' | 'images'>> = {
  CHECK_LINK_BROKEN: 'links', CHECK_LINK_REDIRECTS: 'links', CHECK_ANCHOR_MISSING: 'links',
  CHECK_HTML_IMG_ALT: 'images', CHECK_HTML_IMG_SIZE: 'images',
};
/** Rules about the markup itself: placed at the template. */
const MARKUP_RULES = new Set<CheckCode>(['CHECK_HTML_INVALID', 'CHECK_HTML_DUPLICATE_ID', 'CHECK_HTML_H1', 'CHECK_HTML_LANG']);

/**
 * Each finding on a page, with the place a writer changes to fix it (`source`): the front matter
 * field or message key its title or description comes from, the line of the Markdown link or image
 * it is about, or the template that writes the markup. Findings about hreflang, sitemaps, robots
 * and redirects, and findings on files the map does not name, keep only their output place.
 */
export function placeFindings(findings: readonly Finding[], map: SourceMap | undefined, edge: EdgeConfig): Finding[] {
  if (!map) return [...findings];
  const hostKeyOf = new Map(Object.entries(edge.origins).map(([key, origin]) => [new URL(origin).host, key]));
  return findings.map((finding) => {
    const page = map.pages[finding.file];
    const source = page && sourceOf(finding, page, hostKeyOf);
    return source ? { ...finding, source } : finding;
  });
}

function sourceOf(finding: Finding, page: PageSources, hostKeyOf: ReadonlyMap<string, string>): FindingSource | undefined {
  const text = TEXT_RULES[finding.code];
  if (text) {
    const [first, ...also] = page[text];
    if (first) return also.length > 0 ? { ...first, also } : first;
  }
  const kind = LINK_RULES[finding.code];
  if (kind) {
    const written = page.entry && finding.target ? page[kind]?.find((ref) => sameTarget(ref, finding.target!, hostKeyOf)) : undefined;
    if (written && page.entry) return { file: page.entry, line: written.line, column: written.column, what: kind === 'links' ? 'link' : 'image' };
  }
  if (text || kind || MARKUP_RULES.has(finding.code)) return templateOf(page);
  return undefined;
}

function templateOf(page: PageSources): SourceRef {
  return { file: page.template, what: 'template' };
}

/** Whether a link of the Markdown body is the one a finding is about: same host, same path (fragment and query aside). */
function sameTarget(ref: BodyRef, target: string, hostKeyOf: ReadonlyMap<string, string>): boolean {
  const url = URL.parse(target);
  return !!url && hostKeyOf.get(url.host) === ref.host && decodeOrKeep(url.pathname) === decodeOrKeep(ref.path);
}
