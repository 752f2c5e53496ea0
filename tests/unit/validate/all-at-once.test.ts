import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locationOf, type Diagnostic } from '../../../src/errors/site-error.js';
import { baseFiles, blogPost, buildFixture, errorsOf, MAIN, projectOnDisk, ROOT, simplePage } from '../../helpers/fixture.js';

/**
 * Issue 19: errors came in waves (a bad date hid the unknown tag `teamwrok` until the date was fixed)
 * and in zod's words. One build must report every content problem, whatever the stage that finds it
 * (parse, schema, cross-references, links), each at its file:line:col, in the writer's terms.
 */

const line = (d: Diagnostic) => `${d.code} ${locationOf(d)} ${d.message}`;

/** One error per stage, each in its own file, plus the bad date and the unknown tag of the issue in one file. */
function faultyFiles(): Record<string, string> {
  const { category: _category, ...noCategory } = { title: 'No category', description: 'About things.', date: '2026-03-01', author: 'Team', category: '', tags: ['proxy'] };
  return {
    ...baseFiles(),
    // parse: YAML syntax
    'content/en/blog/broken-yaml.md': '---\ntitle: [unclosed\ndescription: x\n---\n\nText.\n',
    // schema: a required field left out, a field misspelt
    'content/en/blog/no-category.md': `---\n${Object.entries(noCategory).map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(', ')}]` : v}`).join('\n')}\n---\n\nText.\n`,
    'content/en/blog/misspelt.md': blogPost({}).replace('category: tutorials', 'catgory: tutorials'),
    // schema and cross-reference in one file: the date hid the tag
    'content/en/blog/waves.md': blogPost({ date: '2026-14-03', tags: ['teamwrok'] }),
    // links: one to a page that does not exist; two to pages with errors of their own, which are not broken
    'content/en/helps/links.md': simplePage('Links', 'See [the post](/blog/waves) and [nothing](/blog/nope).\n\nAnd [the unreadable one](/blog/broken-yaml).\n'),
  };
}

describe('one build reports every content problem at once', () => {
  it('finds a YAML error, a missing field, a misspelt field, a bad date, an unknown tag and a broken link in one build', async () => {
    const result = await buildFixture(faultyFiles());
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map(line)).toEqual([
      'YAML_SYNTAX content/en/blog/broken-yaml.md:3:1 Flow sequence in block collection must be sufficiently indented and end with a ]',
      'FIELD_MISSING content/en/blog/misspelt.md:1:1 missing required field "category"',
      'FIELD_UNKNOWN content/en/blog/misspelt.md:6:1 unknown field "catgory", did you mean "category"?',
      'FIELD_MISSING content/en/blog/no-category.md:1:1 missing required field "category"',
      'FIELD_INVALID content/en/blog/waves.md:4:7 "date": expected a date like 2026-03-14 (year-month-day), not "2026-14-03"',
      'UNKNOWN_TAG content/en/blog/waves.md:7:8 unknown tag "teamwrok", did you mean "teamwork"?',
      'BROKEN_LINK content/en/helps/links.md:6:33 link "/blog/nope" points to page /blog/nope, which does not exist in en',
    ]);
  });

  it('places each error on its line with a frame, a hint and a link to the docs', async () => {
    const result = await buildFixture(faultyFiles());
    for (const d of errorsOf(result)) {
      expect(d.position, line(d)).toBeDefined();
      expect(d.frame, line(d)).toMatch(new RegExp(`^> +${d.position!.line} \\|`, 'm'));
      expect(d.hint, line(d)).toMatch(/\w{4,}/);
      expect(d.docs, line(d)).toMatch(/^docs\/[\w-]+\.md#[\w-]+$/);
    }
  });

  it('still reports a cross-reference of a file whose other fields are wrong, with the closest known values', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/blog/a.md': blogPost({ title: '', category: 'tutorial', tags: ['fingerprnt', 'zzzz'] }),
      'content/en/news/b.md': blogPost({ category: 'xyz' }),
    });
    expect(errorsOf(result).map(line)).toEqual([
      'FIELD_INVALID content/en/blog/a.md:2:8 "title": expected text, but the field is empty',
      'UNKNOWN_CATEGORY content/en/blog/a.md:6:11 unknown category "tutorial", did you mean "tutorials"?',
      'UNKNOWN_TAG content/en/blog/a.md:7:8 unknown tag "fingerprnt", did you mean "fingerprint"?',
      'UNKNOWN_TAG content/en/blog/a.md:7:20 unknown tag "zzzz" (known tags: proxy, fingerprint, automation, teamwork, ecommerce, social-media, security, release)',
      'UNKNOWN_CATEGORY content/en/news/b.md:6:11 unknown category "xyz" (news categories: product, company)',
    ]);
  });
});

/** Every file of a folder with its bytes, to compare an output before and after. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files.set(join(e.parentPath, e.name).slice(dir.length), readFileSync(join(e.parentPath, e.name)).toString('base64'));
  }
  return files;
}

describe('a data table with errors', () => {
  it('does not hide the errors of the front matter', async () => {
    const files = faultyFiles();
    files['content/data/categories.yaml'] = files['content/data/categories.yaml']!.replace('tags: [', 'tagz: [');
    const result = await buildFixture(files);
    const lines = errorsOf(result).map(line);
    expect(lines).toEqual(expect.arrayContaining([
      'DATA_INVALID content/data/categories.yaml:7:1 unknown field "tagz", did you mean "tags"?',
      'DATA_INVALID content/data/categories.yaml:1:1 missing required field "tags"',
      'FIELD_MISSING content/en/blog/no-category.md:1:1 missing required field "category"',
      'FIELD_UNKNOWN content/en/blog/misspelt.md:6:1 unknown field "catgory", did you mean "category"?',
      'FIELD_INVALID content/en/blog/waves.md:4:7 "date": expected a date like 2026-03-14 (year-month-day), not "2026-14-03"',
    ]));
  });
});

describe('what the writer sees from bin/sitegen build', () => {
  it('lists every error with file:line:col, hint and docs link, in the terminal and in --json, and keeps the previous output', async () => {
    const { 'content/en/helps/links.md': _links, ...faulty } = faultyFiles();
    const good = { ...baseFiles(), 'content/en/helps/links.md': simplePage('Links', 'See [pricing](/pricing).\n') };
    const root = projectOnDisk(good, 'sitegen-all-at-once-');
    try {
      const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', join(root, '.cache'), ...args], { encoding: 'utf8', timeout: 170_000, env: { ...process.env, CI: 'true' } });
      const first = cli('-q');
      expect(first.status, first.stderr).toBe(0);
      const before = snapshot(join(root, 'dist'));
      expect(before.has(`/${MAIN}/helps/links.html`)).toBe(true);

      for (const [path, text] of Object.entries({ ...faulty, 'content/en/helps/links.md': faultyFiles()['content/en/helps/links.md']! })) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const expected = errorsOf(await buildFixture(faultyFiles()));
      expect(expected).toHaveLength(7);

      const json = cli('--json');
      expect(json.status).toBe(1);
      const report = JSON.parse(json.stdout) as { ok: boolean; errors: number; diagnostics: Diagnostic[] };
      expect(report.ok).toBe(false);
      expect(report.errors).toBe(7);
      expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ line: line(d), hint: d.hint, docs: d.docs })))
        .toEqual(expected.map((d) => ({ line: line(d), hint: d.hint, docs: `docs/errors.md#${d.code.toLowerCase()}` })));

      const text = cli();
      expect(text.status).toBe(1);
      for (const d of expected) {
        expect(text.stderr).toContain(`error [${d.code}] ${locationOf(d)} ${d.message}`);
        expect(text.stderr).toContain(`    hint: ${d.hint}`);
        expect(text.stderr).toContain(`    docs: docs/errors.md#${d.code.toLowerCase()}`);
      }
      expect(text.stderr).toContain('build failed: 7 errors; the previous output was left as it was');
      expect(snapshot(join(root, 'dist'))).toEqual(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
