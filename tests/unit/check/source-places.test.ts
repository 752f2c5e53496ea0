import { checkInputOf } from '../../helpers/sample-site.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSite, type CheckReport } from '../../../src/check/check-site.js';
import type { CheckInput } from '../../../src/check/finding.js';
import { formatReportText } from '../../../src/check/format-report.js';
import { SOURCE_MAP_PATH, type SourceMap } from '../../../src/model/page-sources.js';
import { build } from '../../../src/build.js';
import { memorySourceFs } from '../../../src/fs/source-fs.js';
import { createSession } from '../../../src/incremental/session.js';
import { editableSourceMap, editableSourceMapFile, editPages } from '../../../src/render/source-map.js';
import { baseFiles, buildFixture, MAIN, markdown, publicFiles, ROOT } from '../../helpers/fixture.js';

const LONG_TITLE = 'Getting started: every step from installing the client to your first browser profile';
const SHORT_SITE_DESCRIPTION = 'Browser profiles for teams.';

/** The 1-based line of the first line of `file` (of the sample site) that matches `pattern`. */
function lineOf(text: string, pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  expect(index, `${pattern} in the file`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

const enMessages = readFileSync(join(ROOT, 'content/messages/en.yaml'), 'utf8');
// The site description too short: every page that falls back to it gets a finding.
const messages = enMessages.replace(/^( {2}description: ).*$/m, `$1${SHORT_SITE_DESCRIPTION}`);

/**
 * A site whose findings come from its content: a Markdown page with a title too long for search
 * results (`title:` on line 2), a page whose body links to an anchor the target does not have and
 * shows an image without alt text (raw HTML), and a site description too short.
 */
const files = {
  ...baseFiles(),
  ...publicFiles(),
  'content/messages/en.yaml': messages,
  'content/en/helps/start.md': markdown({ title: LONG_TITLE, description: 'Install PolyBrowser, create your first browser profile and open it with its own proxy.' }, 'Text.\n'),
  'content/en/helps/other.md': markdown(
    { title: 'Importing cookies into a profile', description: 'How to bring the cookies of an existing session into a PolyBrowser profile, step by step.' },
    'Read [the start](/helps/start#no-such-part) first.\n\nThen <img src="/images/helps/import-cookies.png" width="800" height="500"> shows the dialog.\n',
  ),
};

let input: CheckInput;
let report: CheckReport;

beforeAll(async () => {
  const result = await buildFixture(files);
  expect(result.ok, result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('\n')).toBe(true);
  input = checkInputOf(result);
  report = await checkSite(input);
});

describe('check findings point at the source', () => {
  it('names the Markdown file and the line of `title:` for a title too long, with the site name it ends with', () => {
    const title = report.findings.filter((f) => f.code === 'CHECK_TITLE_LENGTH' && f.message.includes(LONG_TITLE));
    expect(title).toEqual([expect.objectContaining({
      file: `${MAIN}/helps/start.html`,
      source: {
        file: 'content/en/helps/start.md', line: 2, column: 1, what: 'title',
        also: [{ file: 'content/messages/en.yaml', line: lineOf(messages, /^ {2}name: /), column: 3, what: 'site.name' }],
      },
    })]);
    expect(files['content/en/helps/start.md'].split('\n')[1]).toMatch(/^title: /);
    expect(report.sourceMap).toBe('used');
  });

  it('names the messages file and the line of the key for a description that comes from a message, once for all its pages', () => {
    const fromSite = report.findings.filter((f) => f.code === 'CHECK_DESCRIPTION_LENGTH' && f.message.includes(SHORT_SITE_DESCRIPTION));
    expect(fromSite.length).toBeGreaterThan(1);
    const place = { file: 'content/messages/en.yaml', line: lineOf(messages, /^ {2}description: /), column: 3, what: 'site.description' };
    for (const finding of fromSite) expect(finding.source).toEqual(place);
    const text = formatReportText(report, { color: false, verbose: false });
    const lines = text.split('\n').filter((line) => line.startsWith(`  content/messages/en.yaml:${place.line}:3 site.description: `));
    expect(lines).toHaveLength(1);
    const next = text.split('\n')[text.split('\n').indexOf(lines[0]!) + 1];
    expect(next).toMatch(new RegExp(`^ {6}on ${fromSite.length} pages: www\\.polybrowser[a-z-]*\\.example/.+\\.html:1:\\d+ and ${fromSite.length - 1} more$`));
  });

  it('names the line and column of a Markdown link to a missing anchor and of an image without alt', () => {
    const body = files['content/en/helps/other.md'].split('\n');
    const linkLine = body.findIndex((line) => line.includes('#no-such-part')) + 1;
    const imageLine = body.findIndex((line) => line.includes('<img')) + 1;
    expect(report.findings.filter((f) => f.code === 'CHECK_ANCHOR_MISSING').map((f) => f.source)).toEqual([
      { file: 'content/en/helps/other.md', line: linkLine, column: body[linkLine - 1]!.indexOf('[the start]') + 1, what: 'link' },
    ]);
    expect(report.findings.filter((f) => f.code === 'CHECK_HTML_IMG_ALT').map((f) => f.source)).toEqual([
      { file: 'content/en/helps/other.md', line: imageLine, column: body[imageLine - 1]!.indexOf('<img') + 1, what: 'image' },
    ]);
    const text = formatReportText(report, { color: false, verbose: false });
    expect(text).toContain(`  content/en/helps/other.md:${linkLine}:${body[linkLine - 1]!.indexOf('[the start]') + 1} link: href="/helps/start#no-such-part": https://${MAIN}/helps/start has no element with id "no-such-part"\n      on ${MAIN}/helps/other.html:1:`);
  });

  it('names the template for what the markup gets wrong, and keeps the output place beside it', async () => {
    const page = `${MAIN}/helps/start.html`;
    const html = new TextDecoder().decode(input.files.get(page)!);
    const files = new Map(input.files);
    files.set(page, new TextEncoder().encode(html.replace('</main>', '<h1>A second heading</h1></main>')));
    const edited = await checkSite({ ...input, files });
    const h1 = edited.findings.filter((f) => f.code === 'CHECK_HTML_H1');
    expect(h1).toEqual([expect.objectContaining({ file: page, line: 1, column: expect.any(Number), source: { file: 'templates/pages/articles.tsx', what: 'template' } })]);
    expect(formatReportText(edited, { color: false, verbose: false })).toMatch(new RegExp(`\\n {2}templates/pages/articles\\.tsx template: the page has 2 <h1> elements .*\\n {6}on ${page.replaceAll('.', '\\.')}:1:\\d+\\n`));
  });

  it('checks an output without a source map at its output places, and says why', async () => {
    const files = new Map(input.files);
    files.delete(SOURCE_MAP_PATH);
    const bare = await checkSite({ ...input, files });
    expect(bare.sourceMap).toBe('missing');
    expect(bare.findings.length).toBe(report.findings.length);
    expect(bare.findings.every((f) => f.source === undefined)).toBe(true);
    const text = formatReportText(bare, { color: false, verbose: false });
    expect(text.split('\n')[0]).toBe('the output has no reports/sources.json (built by an older sitegen?): findings name output files; build again to see the sources');
    expect(text).toContain(`  ${MAIN}/helps/start.html:1:`);
  });
});

describe('the page source map kept by sitegen dev (editableSourceMap)', () => {
  it('writes the very bytes of the map it was made from (the build\'s, made a page at a time), and refuses a page whose text comes from a message it does not know', async () => {
    // A dev session's build: its last build holds the site and pages the map is edited with.
    const session = createSession({ jobs: 1 });
    const built = await build({ root: ROOT, fs: memorySourceFs(files), write: false, cache: false, minify: true, session });
    await session.close();
    const { site, routed } = session.last!;
    const bytes = built.output.get(SOURCE_MAP_PATH)!;
    const text = new TextDecoder().decode(bytes);
    const map = JSON.parse(text) as SourceMap;
    // The build makes the file a page at a time (sourceMapFileOf): the document JSON.stringify makes
    // of the whole map, every output path of every page once.
    expect(text).toBe(`${JSON.stringify(map)}\n`);
    expect(Object.keys(map.pages).length).toBe(routed.pages.reduce((sum, p) => sum + 1 + p.extraOutputPaths.length, 0));
    const editable = editableSourceMap(map);
    const written = (file: ReturnType<typeof editableSourceMapFile>) => new TextDecoder().decode(file.contents as Uint8Array);
    expect(written(editableSourceMapFile(editable))).toBe(text);
    const start = routed.pages.find((p) => p.outputPath === `${MAIN}/helps/start.html`)!;
    const home = routed.pages.find((p) => p.outputPath === `${MAIN}/index.html`)!;
    // A map that knows no message place cannot place the home page's title, which comes from messages: nothing changes.
    const blind = editableSourceMap({ version: 1, pages: Object.fromEntries(Object.entries(map.pages).map(([path, refs]) => [path, { ...refs, title: [], description: [] }])) });
    const before = written(editableSourceMapFile(blind));
    expect(editPages(blind, site, [start, home])).toBe(false);
    expect(written(editableSourceMapFile(blind))).toBe(before);
    // The map it was made from knows them: the pages' sources come out as the build wrote them.
    expect(editPages(editable, site, [start, home])).toBe(true);
    expect(written(editableSourceMapFile(editable))).toBe(text);
    // The third file is written into the first one's buffer (the second is in the output): the same bytes.
    expect(editPages(editable, site, [home])).toBe(true);
    expect(written(editableSourceMapFile(editable))).toBe(text);
    expect(JSON.parse(written(editableSourceMapFile(editable)))).toEqual(map);

    // A page's sources that grow or shrink move every member after them: a later page edited next is
    // copied into its own place. (From a map whose entry for helps/start was shorter or longer.)
    const last = routed.pages.at(-1)!;
    const startRefs = map.pages[start.outputPath]!;
    for (const refs of [{ ...startRefs, description: [] }, { ...startRefs, description: [...startRefs.description, ...startRefs.title] }]) {
      const moved = editableSourceMap({ ...map, pages: Object.fromEntries(Object.entries(map.pages).map(([path, r]) => [path, path === start.outputPath ? refs : r])) });
      expect(written(editableSourceMapFile(moved))).not.toBe(text);
      expect(editPages(moved, site, [start])).toBe(true);
      expect(written(editableSourceMapFile(moved))).toBe(text);
      expect(editPages(moved, site, [last])).toBe(true);
      expect(editPages(moved, site, [start, last])).toBe(true);
      expect(written(editableSourceMapFile(moved))).toBe(text);
    }
  });
});
