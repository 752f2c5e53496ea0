import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../src/check/check-site.js';
import type { CheckInput } from '../../../src/check/finding.js';
import { SOURCE_MAP_PATH, sourceMapSchema, type SourceMap } from '../../../src/model/page-sources.js';
import { ROOT } from '../../helpers/fixture.js';
import { sampleSiteCheckInput } from '../../helpers/sample-site.js';

let input: CheckInput;

beforeAll(async () => {
  input = await sampleSiteCheckInput();
}, 180_000);

describe('sitegen check on the sample site', () => {
  it('finds nothing: no error and no warning', async () => {
    const report = await checkSite(input);
    const listed = report.findings.map((f) => `${f.source ? `${f.source.file}:${f.source.line ?? ''} ${f.source.what}` : `${f.file}:${f.line}`} ${f.code} ${f.message}`);
    expect(listed).toEqual([]);
    expect(report.counts).toEqual({ error: 0, warning: 0 });
    expect(report.sourceMap).toBe('used');
  }, 120_000);

  it('has a source map entry for every page, whose lines are those of the field or key it names', () => {
    const map: SourceMap = sourceMapSchema.parse(JSON.parse(new TextDecoder().decode(input.files.get(SOURCE_MAP_PATH)!)));
    const pages = [...input.files.keys()].filter((path) => path.endsWith('.html') && !path.startsWith('.vercel/') && !path.startsWith('reports/'));
    expect(pages.filter((path) => !map.pages[path])).toEqual([]);
    const lines = new Map<string, string[]>();
    const lineOf = (file: string, line: number) => {
      if (!lines.has(file)) lines.set(file, readFileSync(join(ROOT, file), 'utf8').split('\n'));
      return lines.get(file)![line - 1] ?? '';
    };
    let checked = 0;
    for (const sources of Object.values(map.pages)) {
      for (const ref of [...sources.title, ...sources.description]) {
        if (ref.what === 'body') continue;
        expect(ref.line, `${ref.file} ${ref.what}`).toBeDefined();
        // A front matter field starts its line; a message key is the last segment of the dotted key, indented.
        const key = ref.what.split('.').at(-1)!;
        expect(lineOf(ref.file, ref.line!).slice(ref.column! - 1), `${ref.file}:${ref.line}`).toMatch(new RegExp(`^${key}:`));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
