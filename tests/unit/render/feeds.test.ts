import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { childrenOf, parseXml } from '../../../src/check/xml/xml-scan.js';
import { FEED_MAX_BYTES } from '../../../src/render/feeds.js';
import { baseFiles, blogPost, buildFixture, MAIN } from '../../helpers/fixture.js';
import { parseHtml } from '../../helpers/html.js';

/** The feeds of small sites, for what the sample site does not have: awkward text, many or large entries. */
const ATOM = 'http://www.w3.org/2005/Atom';
const read = (result: Awaited<ReturnType<typeof buildFixture>>, format: string) => new TextDecoder().decode(result.output.get(`${MAIN}/blog/feed.${format}`));
const post = (n: number, fields: Record<string, string> = {}, body?: string) => [`content/en/blog/post-${n}.md`, blogPost({ title: `Post ${n}`, date: `2026-03-${String(n).padStart(2, '0')}`, ...fields }, body)] as const;

describe('feeds', () => {
  it('keep a title, description and body as the writer wrote them: text is never markup, "]]>" ends nothing, links are absolute', async () => {
    const body = 'Use `<canvas>` & see [pricing](/pricing), [the steps](#steps) and ![a chart](/images/illustrations/api.svg).\n\n## Steps\n\n```\nx = a[b[0]]> 1 && y\n```\n';
    const result = await buildFixture(Object.fromEntries([
      ...Object.entries(baseFiles()),
      post(1, { title: '"Why <canvas> & AT&amp;T matter"', description: 'Fingerprints: <canvas>, ]]> and &amp;', slug: 'canvas-fingerprints' }, body),
    ]));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const rss = read(result, 'rss');
    const atom = read(result, 'atom');
    const checked = await validateXML({ xml: [{ fileName: 'rss.xml', contents: rss }, { fileName: 'atom.xml', contents: atom }], normalization: 'c14n' });
    expect(checked.errors.map((e) => e.rawMessage)).toEqual([]);
    const item = childrenOf(childrenOf(parseXml(rss).root!, '', 'channel')[0]!, '', 'item')[0]!;
    expect(childrenOf(item, '', 'title')[0]!.text).toBe('Why <canvas> & AT&amp;T matter');
    expect(childrenOf(item, '', 'link')[0]!.text).toBe(`https://${MAIN}/blog/canvas-fingerprints`);
    expect(childrenOf(item, '', 'description')[0]!.text).toBe('Fingerprints: <canvas>, ]]> and &amp;');
    const entry = childrenOf(parseXml(atom).root!, ATOM, 'entry')[0]!;
    const title = childrenOf(entry, ATOM, 'title')[0]!;
    expect([title.attributes.find((a) => a.name === 'type')?.value, title.text]).toEqual(['text', 'Why <canvas> & AT&amp;T matter']);
    const html = childrenOf(entry, ATOM, 'content')[0]!.text;
    const doc = parseHtml(html);
    expect(doc.querySelector('p code')?.textContent).toBe('<canvas>');
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([`https://${MAIN}/pricing`, `https://${MAIN}/blog/canvas-fingerprints#steps`]);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe(`https://${MAIN}/images/illustrations/api.svg`);
    expect(doc.querySelector('pre code')?.textContent).toBe('x = a[b[0]]> 1 && y\n');
    const json = JSON.parse(read(result, 'json')) as { items: { title: string; content_html: string }[] };
    expect(json.items[0]!.title).toBe('Why <canvas> & AT&amp;T matter');
    expect(json.items[0]!.content_html).toBe(html);
  });

  it('list the newest feeds.items articles, newest first, and date the feed by its newest entry', async () => {
    const files = { ...baseFiles(), ...Object.fromEntries([post(1), post(2, { updated: '2026-04-30' }), post(3), post(4)]) };
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/^feeds:\n  items: \d+$/m, 'feeds:\n  items: 3');
    const result = await buildFixture(files);
    const titles = (format: string) => [...read(result, format).matchAll(format === 'json' ? /"title":"(Post \d)"/g : /<title[^>]*>(Post \d)<\/title>/g)].map((m) => m[1]);
    for (const format of ['rss', 'atom', 'json']) expect(titles(format), format).toEqual(['Post 4', 'Post 3', 'Post 2']);
    expect(read(result, 'rss')).toContain('<lastBuildDate>Thu, 30 Apr 2026 00:00:00 GMT</lastBuildDate>');
    expect(read(result, 'atom')).toContain('<updated>2026-04-30T00:00:00Z</updated>\n<author>');
  });

  it(`leave out the oldest entries until every format is under ${FEED_MAX_BYTES / 1024} KiB, listing the same ones`, async () => {
    // Three bodies of ~0.45 MiB: all three make files of ~1.35 MiB, two fit.
    const big = (n: number) => `${`Paragraph ${n} of a long article about browser profiles. `.repeat(8000)}\n`;
    const result = await buildFixture({ ...baseFiles(), ...Object.fromEntries([post(1, {}, big(1)), post(2, {}, big(2)), post(3, {}, big(3))]) });
    for (const format of ['rss', 'atom', 'json']) {
      const text = read(result, format);
      expect(Buffer.byteLength(text), format).toBeLessThanOrEqual(FEED_MAX_BYTES);
      expect([...text.matchAll(/Post (\d)(?=<|")/g)].map((m) => m[1]).filter((n, i, all) => all.indexOf(n) === i), format).toEqual(['3', '2']);
    }
  });
});
