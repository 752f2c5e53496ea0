import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/build.js';
import { formatDiagnostics } from '../../../src/errors/format-diagnostics.js';
import type { Diagnostic } from '../../../src/errors/site-error.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { baseFiles, markdown, ROOT, simplePage } from '../../helpers/fixture.js';

/**
 * `--config site-src/site.yaml`: the content folder is site-src/, and every diagnostic names its
 * files there. Nothing sitegen prints (file, message, hint) may name content/.
 */
const DIR = 'site-src';

let cacheRoot: string;
beforeAll(() => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'sitegen-content-folder-'));
});
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

/** The fixture files (written under content/ as every fixture is), moved to site-src/ and built with its site.yaml. */
function buildIn(files: Record<string, string | Uint8Array>): Promise<BuildResult> {
  const moved = Object.fromEntries(Object.entries(files).map(([path, contents]) => [path.replace(/^content\//, `${DIR}/`), contents]));
  expect(Object.keys(moved).filter((path) => !path.startsWith(`${DIR}/`))).toEqual([]);
  return build({ root: ROOT, fs: memorySourceFs(moved), config: `${DIR}/site.yaml`, write: false, minify: true, cacheDir: cacheRoot });
}

const where = (d: Diagnostic) => `${d.code} ${d.file}`;

/** Every diagnostic as the terminal shows it, hints included, must not name content/. */
function expectNoContentPaths(result: BuildResult): void {
  for (const d of result.diagnostics) {
    expect(d.file ?? DIR, where(d)).not.toMatch(/^content\//);
    expect(d.message, where(d)).not.toContain('content/');
  }
  expect(formatDiagnostics(result.diagnostics, { color: false, verbose: true })).not.toContain('content/');
}

describe('a content folder that is not content/', () => {
  it('names messages files, data tables and misplaced files in that folder', async () => {
    const files: Record<string, string> = { ...baseFiles(), 'content/data/notes/draft.yaml': 'a: 1\n', 'content/en/stray.md': simplePage() };
    delete files['content/data/features.yaml'];
    delete files['content/messages/en.yaml'];
    const result = await buildIn(files);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${where(d)}: ${d.message}`).sort()).toEqual([
      `DATA_INVALID ${DIR}/data/features.yaml: the data table features.yaml is missing`,
      `MESSAGE_INVALID ${DIR}/messages/en.yaml: the source messages file is missing`,
      `UNKNOWN_SECTION ${DIR}/data/notes/draft.yaml: unexpected file in ${DIR}/data`,
      `UNKNOWN_SECTION ${DIR}/en/stray.md: Markdown files live at ${DIR}/<locale>/<section>/<id>.md`,
    ]);
    expectNoContentPaths(result);
  });

  it('names the data table a page id is missing from', async () => {
    const result = await buildIn({ ...baseFiles(), 'content/en/features/no-such-feature.md': simplePage('No such feature') });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([expect.objectContaining({
      code: 'UNKNOWN_ID', file: `${DIR}/en/features/no-such-feature.md`, message: `"no-such-feature" is not listed in ${DIR}/data/features.yaml`,
    })]);
    expectNoContentPaths(result);
  });

  it('names site.yaml and redirects.yaml of that folder for edge problems', async () => {
    const rows = ['- { from: /old, to: /en/nowhere }', ...Array.from({ length: 40 }, (_, i) => `- { from: /retired-campaign-page-${i}, to: /pricing }`)];
    const files: Record<string, string> = { ...baseFiles(), 'content/data/redirects.yaml': `${rows.join('\n')}\n` };
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/budget: \d+/, 'budget: 2048');
    const result = await buildIn(files);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${where(d)}:${d.position?.line ?? ''}`).sort()).toEqual([
      `EDGE_CONFIG_TOO_LARGE ${DIR}/site.yaml:`,
      `REDIRECT_TARGET_MISSING ${DIR}/data/redirects.yaml:1`,
    ]);
    expectNoContentPaths(result);
  });

  it('names missing translations, missing pages, an unreadable image and the hosting targets in that folder, and builds', async () => {
    const result = await buildIn({
      ...baseFiles(),
      'content/public/images/unused.jpg': new TextEncoder().encode('<html>not a picture</html>'),
      'content/en/blog/a.md': markdown({ title: 'A post', description: 'About things.', date: '2026-03-01', author: 'Team', category: 'tutorials', tags: ['proxy'] }),
    });
    expect(result.ok, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error').slice(0, 3))).toBe(true);
    const warnings = result.diagnostics.map(where);
    expect(warnings).toContain(`MISSING_TRANSLATION ${DIR}/messages/zh.yaml`);
    expect(warnings).toContain(`MISSING_PAGE ${DIR}/en/features/multi-account-management.md`);
    expect(warnings).toContain(`IMAGE_UNREADABLE ${DIR}/public/images/unused.jpg`);
    expect(warnings).toContain(`HOSTING_UNSUPPORTED ${DIR}/site.yaml`);
    // The translation report names the source messages file of that folder too.
    const coverage = JSON.parse(new TextDecoder().decode(result.output.get('reports/translations.json')!)) as { rows: { kind: string; source: string }[] };
    expect(new Set(coverage.rows.filter((r) => r.kind === 'message').map((r) => r.source))).toEqual(new Set([`${DIR}/messages/en.yaml`]));
    expectNoContentPaths(result);
  });
});
