import { describe, expect, it } from 'vitest';
import { locationOf, type Diagnostic } from '../../../src/errors/site-error.js';
import { baseFiles, blogPost, buildFixture, errorsOf, simplePage } from '../../helpers/fixture.js';

/** Issue 19, "content faults handled weakly": each fault reproduced through a whole build. */

const line = (d: Diagnostic) => `${d.code} ${locationOf(d)} ${d.message}`;

/** The classic "billion laughs": nine aliases of nine aliases, seven levels deep (9^7 values from 300 bytes). */
const BILLION_LAUGHS = [
  'lol: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...['b', 'c', 'd', 'e', 'f', 'g'].map((name, i) => {
    const previous = String.fromCharCode('a'.charCodeAt(0) + i);
    return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`;
  }),
].join('\n');

describe('YAML that would exhaust the build', () => {
  it('reports a billion-laughs alias bomb in front matter at its first alias, instead of crashing', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/helps/bomb.md': `---\ntitle: Bomb\ndescription: x\n${BILLION_LAUGHS}\n---\n\nText.\n`,
      'content/en/helps/fine.md': simplePage('Fine', 'See [nothing](/nope).\n'),
    });
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map(line)).toEqual([
      'YAML_LIMIT content/en/helps/bomb.md:5:8 the aliases (*name) of this YAML expand to too much data: a YAML "billion laughs" would exhaust memory',
      // the rest of the site is still checked
      'BROKEN_LINK content/en/helps/fine.md:6:5 link "/nope" points to page /nope, which does not exist in en',
    ]);
  });

  it('reports the alias bomb in a data table too', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/data/links.yaml': `${BILLION_LAUGHS}\n` });
    expect(errorsOf(result).map((d) => `${d.code} ${locationOf(d)}`)).toEqual(['YAML_LIMIT content/data/links.yaml:2:8']);
  });

  it('reports front matter nested deeper than any page needs, at the first value too deep', async () => {
    const deep = `x: ${'['.repeat(100)}1${']'.repeat(100)}`;
    const result = await buildFixture({ ...baseFiles(), 'content/en/helps/deep.md': `---\ntitle: Deep\ndescription: x\n${deep}\n---\n\nText.\n` });
    expect(errorsOf(result).map(line)).toEqual([
      'YAML_LIMIT content/en/helps/deep.md:4:35 values nested more than 32 levels deep: front matter and data tables need a few',
    ]);
  });

  it('reports nesting so deep that the YAML parser itself gives up, in the same words', async () => {
    const deep = `x: ${'['.repeat(20000)}${']'.repeat(20000)}`;
    const result = await buildFixture({ ...baseFiles(), 'content/en/helps/deep.md': `---\ntitle: Deep\ndescription: x\n${deep}\n---\n\nText.\n` });
    expect(errorsOf(result)).toEqual([expect.objectContaining({ code: 'YAML_LIMIT', file: 'content/en/helps/deep.md', position: expect.objectContaining({ line: 4 }), message: expect.stringMatching(/^values nested more than 32 levels deep/) })]);
  });
});

describe('text that is not UTF-8', () => {
  it('is an error at the line and column of the first malformed byte, not a silent U+FFFD', async () => {
    const text = blogPost({ title: 'PolyBrowser' }, 'First line.\n\nSecond line.\n');
    const bytes = Buffer.from(text.replace('title: PolyBrowser', 'title: PolyXBrowser'), 'utf8');
    // Latin-1 "é" (0xE9) where the X is: a lone byte that is no UTF-8 character.
    bytes[bytes.indexOf('PolyXBrowser') + 4] = 0xe9;
    const body = Buffer.from('---\ntitle: A\ndescription: B\n---\n\nGrüße aus K\xf6ln.\n', 'latin1');
    const result = await buildFixture({ ...baseFiles(), 'content/en/blog/latin1.md': new Uint8Array(bytes), 'content/en/helps/body.md': new Uint8Array(body) });
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map(line)).toEqual([
      'INVALID_UTF8 content/en/blog/latin1.md:2:12 the file is not valid UTF-8: byte 0xE9 here is no part of a UTF-8 character',
      // ü and ß of "Grüße", ö of "Köln": three places
      'INVALID_UTF8 content/en/helps/body.md:6:3 the file is not valid UTF-8: byte 0xFC here is no part of a UTF-8 character (3 places in the file)',
    ]);
    expect(errorsOf(result)[0]!.frame).toContain('title: Poly\uFFFDBrowser');
  });

  it('accepts U+FFFD written as UTF-8 (it is a character like any other)', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/en/helps/a.md': simplePage('Replacement \uFFFD character') });
    expect(errorsOf(result)).toEqual([]);
  });
});

describe('two files for one URL', () => {
  it('points at both files\' slug: lines, each naming the other', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/blog/first.md': blogPost({ slug: 'same-place' }),
      'content/en/blog/second.md': blogPost({ title: 'Second', slug: 'same-place' }),
      // a slug equal to another file's name: that file has no slug: line, its file name is the slug
      'content/en/blog/third.md': blogPost({ slug: 'fourth' }),
      'content/en/blog/fourth.md': blogPost({ title: 'Fourth' }),
    });
    expect(errorsOf(result).map(line)).toEqual([
      'DUPLICATE_SLUG content/en/blog/first.md:8:7 slug "same-place" is also the slug of content/en/blog/second.md:8:7: both would be served at one URL',
      'DUPLICATE_SLUG content/en/blog/fourth.md:1:1 slug "fourth" (the file name) is also the slug of content/en/blog/third.md:8:7: both would be served at one URL',
      'DUPLICATE_SLUG content/en/blog/second.md:8:7 slug "same-place" is also the slug of content/en/blog/first.md:8:7: both would be served at one URL',
      'DUPLICATE_SLUG content/en/blog/third.md:8:7 slug "fourth" is also the slug of content/en/blog/fourth.md (its file name): both would be served at one URL',
    ]);
    for (const d of errorsOf(result)) expect(d.frame, line(d)).toBeDefined();
  });
});

describe('a very large Markdown body', () => {
  // A code block: as large as prose, much quicker to render (the size is what is tested).
  const big = (kb: number) => `\`\`\`\n${'a line of a very long page, written again and again\n'.repeat(Math.ceil((kb * 1024) / 52))}\`\`\`\n`;

  it('is a warning naming its size and the limit, and the page still builds', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/en/helps/huge.md': simplePage('Huge', big(1100)) });
    expect(result.ok).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.code === 'BODY_TOO_LARGE');
    expect(warnings.map(line)).toEqual([expect.stringMatching(/^BODY_TOO_LARGE content\/en\/helps\/huge.md:5:1 the Markdown body is 1\.\d\d MB, over the 1\.00 MB limit \(markdown\.maxBodyBytes in site\.yaml\)/)]);
    expect(warnings[0]!.severity).toBe('warning');
  });

  it('takes its limit from site.yaml', async () => {
    const files = baseFiles();
    files['content/site.yaml'] = `${files['content/site.yaml']!.trimEnd()}\nmarkdown:\n  maxBodyBytes: 20000\n`;
    const result = await buildFixture({ ...files, 'content/en/helps/a.md': simplePage('A', big(30)), 'content/en/helps/b.md': simplePage('B', big(10)) });
    expect(result.diagnostics.filter((d) => d.code === 'BODY_TOO_LARGE').map((d) => d.file)).toEqual(['content/en/helps/a.md']);
  });
});
