import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, cpSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { baseFiles, blogPost, buildFixture, errorsOf, markdown, problemSolutionPage, ROOT, simplePage } from '../../helpers/fixture.js';

describe('content errors name the file, line and column, and say what to do', () => {
  it('reports an unknown category at the category field', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/en/blog/a.md': blogPost({ category: 'recipes' }) });
    expect(result.ok).toBe(false);
    expect(errorsOf(result)).toEqual([expect.objectContaining({
      code: 'UNKNOWN_CATEGORY', file: 'content/en/blog/a.md', position: { line: 6, column: 11 },
      message: expect.stringContaining('"recipes"'),
    })]);
    expect(errorsOf(result)[0]!.frame).toContain('category: recipes');
  });

  it('reports a field of the wrong type and a misspelt field by name', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/blog/a.md': '---\ntitle: A\ndescription: B\ndate: 2026-02-30\nauthor: T\ncategory: tutorials\ntags: proxy\ncategroy: x\n---\nText\n',
    });
    const messages = errorsOf(result).map((d) => `${d.position?.line}:${d.position?.column} ${d.message}`);
    expect(messages).toEqual(expect.arrayContaining([
      '4:7 "date": expected a date like 2026-03-14 (year-month-day), not "2026-02-30"',
      '7:7 "tags": expected a list, not text ("proxy")',
      '8:1 unknown field "categroy", did you mean "category"?',
    ]));
  });

  it('reports bad YAML, a duplicate slug, an unsafe slug and ---js front matter all in one build', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/blog/bad-yaml.md': '---\ntitle: [unclosed\n---\nx',
      'content/en/blog/first.md': blogPost(),
      'content/en/blog/second.md': blogPost({ slug: 'First' }),
      'content/en/blog/third.md': blogPost({ slug: '../../etc' }),
      'content/en/helps/Run-It.md': simplePage(),
      'content/en/blog/code.md': '---js\n{ title: "x" }\n---\nx',
    });
    const codes = errorsOf(result).map((d) => `${d.code} ${d.file}`).sort();
    expect(codes).toEqual([
      'FRONT_MATTER_ENGINE content/en/blog/code.md',
      'UNSAFE_SLUG content/en/blog/second.md',
      'UNSAFE_SLUG content/en/blog/third.md',
      'UNSAFE_SLUG content/en/helps/Run-It.md',
      'YAML_SYNTAX content/en/blog/bad-yaml.md',
    ]);
  });

  it('reports two files that would share a URL after lowercasing and NFC', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/blog/cafe.md': blogPost({ slug: 'caf-e' }),
      'content/en/blog/other.md': blogPost({ slug: 'caf-e' }),
    });
    expect(errorsOf(result)).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_SLUG', file: 'content/en/blog/cafe.md', position: { line: 8, column: 7 }, message: expect.stringContaining('content/en/blog/other.md:8:7') }),
      expect.objectContaining({ code: 'DUPLICATE_SLUG', file: 'content/en/blog/other.md', position: { line: 8, column: 7 }, message: expect.stringContaining('content/en/blog/cafe.md:8:7') }),
    ]);
  });

  it('reports a broken internal link at its position, in the locale it is broken in', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/helps/a.md': simplePage('A', 'Intro.\n\nSee [docs](/docs/nope) and [pricing](/pricing).\n'),
      'content/ru/helps/a.md': simplePage('A', 'See [blog](/blog).\n'),
    });
    expect(errorsOf(result)).toEqual([
      expect.objectContaining({ code: 'BROKEN_LINK', file: 'content/en/helps/a.md', position: { line: 8, column: 5 }, message: expect.stringContaining('/docs/nope') }),
      expect.objectContaining({ code: 'BROKEN_LINK', file: 'content/ru/helps/a.md', message: expect.stringContaining('does not exist in ru') }),
    ]);
  });

  it('rejects unknown locale folders, unknown sections, pages not offered in a locale and blog posts for ru', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/de/blog/a.md': blogPost(),
      'content/en/recipes/a.md': simplePage(),
      'content/en/alternatives/ziniao.md': simplePage(),
      'content/zh/solutions/crypto.md': problemSolutionPage(),
      'content/zh/use-cases/betting.md': problemSolutionPage(),
      'content/ru/blog/a.md': blogPost(),
      'content/en/guide/a.md': markdown({ title: 'A guide', description: 'How to.', date: '2026-03-01' }),
    });
    expect(errorsOf(result).map((d) => `${d.code} ${d.file}`).sort()).toEqual([
      'NOT_AVAILABLE content/en/alternatives/ziniao.md',
      'NOT_AVAILABLE content/zh/solutions/crypto.md',
      'NOT_AVAILABLE content/zh/use-cases/betting.md',
      'SECTION_NOT_OFFERED content/en/guide/a.md',
      'SECTION_NOT_OFFERED content/ru/blog/a.md',
      'UNKNOWN_LOCALE content/de/blog/a.md',
      'UNKNOWN_SECTION content/en/recipes/a.md',
    ]);
  });

  it('names the key of an invalid site configuration', async () => {
    const files = baseFiles();
    files['content/site.yaml'] = files['content/site.yaml']!.replace('main: https://www.polybrowser.example', 'main: ftp://www.polybrowser.example/x').replace('pageSize: 9', 'pageSize: 9\nlocales: [en]');
    const result = await buildFixture(files);
    expect(errorsOf(result).map((d) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column} ${d.message}`)).toEqual([
      expect.stringMatching(/^CONFIG_INVALID content\/site.yaml:7:9 "hosts.main": must be an origin/),
      expect.stringMatching(/^CONFIG_INVALID content\/site.yaml:\d+:1 unknown field "locales"$/),
    ]);
  });

  it('names the closest allowed value of a list of choices, in site.yaml and in data tables', async () => {
    const files = baseFiles();
    files['content/site.yaml'] = files['content/site.yaml']!.replace('targets: [vercel, cloudflare, nginx]', 'targets: [vercle, nginx]');
    files['content/data/downloads.yaml'] = files['content/data/downloads.yaml']!.replace('os: linux', 'os: linx');
    const config = await buildFixture(files);
    expect(errorsOf(config).map((d) => `${d.code} ${d.message}`)).toEqual([
      'CONFIG_INVALID "edge.targets[0]": unknown value "vercle", did you mean "vercel"? (one of: vercel, netlify, cloudflare, nginx)',
    ]);
    files['content/site.yaml'] = baseFiles()['content/site.yaml']!;
    const table = await buildFixture(files);
    expect(errorsOf(table).map((d) => `${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^DATA_INVALID "\[\d+\]\.os": unknown value "linx", did you mean "linux"\? \(one of: windows, mac, linux\)$/),
    ]);
  });

  it('warns about a missing translation with the locale and the key, and still builds', async () => {
    const files = baseFiles();
    files['content/messages/fr.yaml'] = files['content/messages/en.yaml']!.replace(/^  login: Log in\n/m, '').replace('Pricing', 'Tarifs');
    const result = await buildFixture(files);
    expect(result.ok).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.code === 'MISSING_TRANSLATION').map((d) => d.message);
    expect(warnings).toContain('locale fr is missing key "header.login"');
    expect(warnings.some((m) => m.startsWith('locale vn has no messages file'))).toBe(true);
  });
});

describe('a failed build leaves the previous output untouched', () => {
  it('keeps dist/ byte for byte when the content has an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-'));
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    cpSync(join(ROOT, 'templates'), join(dir, 'templates'), { recursive: true });
    cpSync(join(ROOT, 'client'), join(dir, 'client'), { recursive: true });
    // Templates import route helpers from src/.
    cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    for (const [path, text] of Object.entries(baseFiles())) write(path, text);
    write('content/en/helps/a.md', simplePage('First version'));
    const cacheDir = join(ROOT, 'node_modules/.cache/sitegen');
    const first = await build({ root: dir, cacheDir });
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const page = join(dir, 'dist/www.polybrowser.example/helps/a.html');
    const before = readFileSync(page, 'utf8');
    expect(before).toContain('First version');

    write('content/en/helps/a.md', markdown({ title: 'Second version', description: 'x', date: 'yesterday' }));
    const second = await build({ root: dir, cacheDir });
    expect(second.ok).toBe(false);
    expect(readFileSync(page, 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'dist/edge-config.json'))).toBe(true);
  });
});
