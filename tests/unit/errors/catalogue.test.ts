import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleOf, type Finding } from '../../../src/check/finding.js';
import { CHECK_DIAGNOSTICS, DIAGNOSTICS, docsOf, type CheckCode, type DiagnosticCode } from '../../../src/errors/catalogue.js';
import { diagnostic, warning } from '../../../src/errors/site-error.js';
import { ROOT } from '../../helpers/fixture.js';
import { parseDoc } from '../../helpers/markdown-docs.js';

const CHECK_CODES = Object.keys(CHECK_DIAGNOSTICS) as CheckCode[];

/** Where hints may send readers (pages of docs/). */
const DOC_TARGETS = new Set([
  'docs/content.md#sections', 'docs/content.md#use-case-and-solution-pages', 'docs/content.md#front-matter-fields', 'docs/content.md#data-tables', 'docs/content.md#messages',
  'docs/content.md#images', 'docs/content.md#redirects', 'docs/configuration.md', 'docs/hosting.md', 'docs/hosting.md#nginx-configuration-not-njs', 'docs/check.md#rules',
  'docs/social-images.md',
]);

/** Every TypeScript file under src/ but the catalogue, as text. */
function sources(): string {
  const dir = join(ROOT, 'src');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !(e.name === 'catalogue.ts' && e.parentPath.endsWith('errors')))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8')).join('\n');
}

describe('the diagnostic catalogue', () => {
  it('gives every code a title and a hint', () => {
    for (const [code, { title, hint }] of Object.entries(DIAGNOSTICS)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(title.length, code).toBeGreaterThan(3);
      expect(hint.length, code).toBeGreaterThan(20);
    }
  });

  it('has no code that nothing reports', () => {
    const src = sources();
    expect(Object.keys(DIAGNOSTICS).filter((code) => !src.includes(`'${code}'`))).toEqual([]);
  });

  it('names no content/ folder and no README section: hints name files of "the content folder" and point at docs/', () => {
    for (const [code, { title, hint }] of Object.entries(DIAGNOSTICS)) {
      expect(`${title} ${hint}`, code).not.toMatch(/\bcontent\//);
      expect(hint, code).not.toContain('README');
      for (const target of hint.match(/docs\/[\w.#-]+[\w#-]/g) ?? []) expect(DOC_TARGETS, `${code}: ${target}`).toContain(target);
    }
    const pointed = new Set(Object.values(DIAGNOSTICS).flatMap(({ hint }) => hint.match(/docs\/[\w.#-]+[\w#-]/g) ?? []));
    expect([...DOC_TARGETS].filter((target) => !pointed.has(target))).toEqual([]);
  });
});

describe('the docs link of every code', () => {
  const CODES = Object.keys(DIAGNOSTICS) as DiagnosticCode[];

  it('leads to a file of docs/ and a heading of it, by GitHub\'s heading id', () => {
    const problems = CODES.flatMap((code) => {
      const link = docsOf(code);
      const [path = '', anchor] = link.split('#');
      if (!/^docs\/[\w-]+\.md$/.test(path) || !anchor) return [`${code}: ${link} is not docs/<page>.md#<heading>`];
      if (!existsSync(join(ROOT, path))) return [`${code}: ${path} does not exist`];
      const doc = parseDoc(path);
      return doc.anchors.has(anchor) ? [] : [`${code}: ${path} has no heading #${anchor}`];
    });
    expect(problems).toEqual([]);
  });

  it('gives each build code its own section of docs/errors.md, and that page no section for a code that does not exist', () => {
    const build = CODES.filter((code) => !code.startsWith('CHECK_'));
    expect(build.map(docsOf)).toEqual(build.map((code) => `docs/errors.md#${code.toLowerCase()}`));
    const sections = parseDoc('docs/errors.md').headings.filter((h) => /^[A-Z][A-Z0-9_]+$/.test(h));
    expect([...sections].sort()).toEqual([...build].sort());
  });

  it('is on every diagnostic, with the hint, for every report to show', () => {
    expect(diagnostic('UNKNOWN_TAG', 'unknown tag "x"')).toMatchObject({ hint: DIAGNOSTICS.UNKNOWN_TAG.hint, docs: 'docs/errors.md#unknown_tag' });
    expect(warning('BODY_TOO_LARGE', 'big')).toMatchObject({ hint: DIAGNOSTICS.BODY_TOO_LARGE.hint, docs: 'docs/errors.md#body_too_large' });
  });
});

describe('sitegen check codes', () => {
  it('are the CHECK_ codes of the catalogue, one per rule id that check reports have always used', () => {
    expect(CHECK_CODES.every((code) => code.startsWith('CHECK_'))).toBe(true);
    expect(Object.keys(DIAGNOSTICS).filter((code) => code.startsWith('CHECK_')).sort()).toEqual([...CHECK_CODES].sort());
    expect(CHECK_CODES.map(ruleOf).sort()).toEqual([
      'anchor-missing', 'description-length', 'description-missing', 'external-broken', 'external-unreachable',
      'hreflang-invalid-tag', 'hreflang-not-reciprocal', 'hreflang-self', 'hreflang-sitemap-mismatch', 'hreflang-target', 'hreflang-x-default',
      'html-duplicate-id', 'html-h1', 'html-img-alt', 'html-img-size', 'html-invalid', 'html-lang',
      'legacy-url', 'link-broken', 'link-redirects', 'redirect-broken', 'redirect-chain', 'robots',
      'sitemap-duplicate', 'sitemap-index', 'sitemap-invalid', 'sitemap-missing-page', 'sitemap-not-page',
      'title-length', 'title-missing',
    ]);
    expect(ruleOf('CHECK_HREFLANG_X_DEFAULT')).toBe('hreflang-x-default');
  });

  it('are the only codes a finding can carry (checked by tsc)', () => {
    const at = { severity: 'error', file: 'x.html', message: 'm' } as const;
    const ok: Finding = { code: 'CHECK_LINK_BROKEN', ...at };
    // @ts-expect-error a build code is not a check code
    const build: Finding = { code: 'BROKEN_LINK', ...at };
    // @ts-expect-error a free string is no code at all
    const free: Finding = { code: 'link-broken', ...at };
    expect([ok, build, free].length).toBe(3);
  });
});
