import { beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../../src/check/link-checks.js';
import { parseLegacyUrls } from '../../../src/check/legacy-urls.js';
import { checkRedirects } from '../../../src/check/redirect-checks.js';
import type { CheckInput } from '../../../src/check/finding.js';
import { edgeConfigSchema, type EdgeConfig } from '../../../src/model/edge-config.js';
import { baseFiles, buildFixture, MAIN, publicFiles, simplePage } from '../../helpers/fixture.js';

let base: CheckInput;
const PAGE = `${MAIN}/helps/start.html`;

beforeAll(async () => {
  const result = await buildFixture({
    ...baseFiles(),
    ...publicFiles(),
    'content/en/helps/start.md': simplePage('Start', '## Install the client\n\nRead [the guide](/helps/start#install-the-client).\n'),
  });
  expect(result.ok).toBe(true);
  base = { files: result.output, edge: edgeConfigSchema.parse(JSON.parse(new TextDecoder().decode(result.output.get('edge-config.json')!))) };
});

/** The fixture with one page's HTML changed: `insert` goes right after <main ...>. */
function withInsert(insert: string, file = PAGE): { input: CheckInput; line: number; column: number } {
  const html = new TextDecoder().decode(base.files.get(file)!);
  const at = html.indexOf('>', html.indexOf('<main')) + 1;
  const changed = html.slice(0, at) + insert + html.slice(at);
  const files = new Map(base.files);
  files.set(file, new TextEncoder().encode(changed));
  const before = changed.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return { input: { files, edge: base.edge }, line, column };
}

describe('checkLinks', () => {
  it('finds nothing wrong in a built site, and lists external links without fetching them', () => {
    const result = checkLinks(base);
    expect(result.findings).toEqual([]);
    expect(result.checked).toBeGreaterThan(100);
    expect(result.external.some((l) => l.url.startsWith('https://app.polybrowser.example/'))).toBe(true);
  });

  it('reports a link to a missing page at its line and column (link-broken)', () => {
    const { input, line, column } = withInsert('<a href="/helps/missing">x</a>');
    const [finding] = checkLinks(input).findings;
    expect(finding).toEqual({ code: 'CHECK_LINK_BROKEN', severity: 'error', file: PAGE, line, column: column + 9, message: expect.stringContaining('href="/helps/missing": no page or file at https://www.polybrowser.example/helps/missing'), target: 'https://www.polybrowser.example/helps/missing' });
  });

  it('reports each missing candidate of a srcset at its own column', () => {
    const { input, line, column } = withInsert('<picture><source type="image/avif" srcset="/favicon.svg 1x, /assets/images/gone@2x.avif 2x"><img src="/favicon.svg" alt="" width="1" height="1"></picture>');
    expect(checkLinks(input).findings).toEqual([{
      code: 'CHECK_LINK_BROKEN', severity: 'error', file: PAGE, line, column: column + 60,
      message: expect.stringContaining('srcset="/assets/images/gone@2x.avif": no page or file'),
      target: 'https://www.polybrowser.example/assets/images/gone@2x.avif',
    }]);
  });

  it('reports a missing asset and a link on another host of the site', () => {
    const { input } = withInsert('<img src="/images/nope.png" alt="" width="1" height="1"><a href="https://www.polybrowser-cn.example/no-such-page">x</a>');
    expect(checkLinks(input).findings.map((f) => f.code)).toEqual(['CHECK_LINK_BROKEN', 'CHECK_LINK_BROKEN']);
  });

  it('warns about a link that only works through a redirect (link-redirects)', () => {
    const { input } = withInsert('<a href="/Pricing">x</a><a href="/helps/start/">y</a>');
    const findings = checkLinks(input).findings;
    expect(findings.map((f) => [f.code, f.severity])).toEqual([['CHECK_LINK_REDIRECTS', 'warning'], ['CHECK_LINK_REDIRECTS', 'warning']]);
    expect(findings[0]!.message).toContain('is redirected to /pricing');
    expect(findings[1]!.message).toContain('is redirected to /helps/start;');
  });

  it('checks anchors on the same and other pages (anchor-missing)', () => {
    const { input } = withInsert('<a href="#nowhere">x</a><a href="/helps/start#install-the-client">ok</a><a href="/pricing#plans-x">y</a>');
    const findings = checkLinks(input).findings;
    expect(findings.map((f) => f.code)).toEqual(['CHECK_ANCHOR_MISSING', 'CHECK_ANCHOR_MISSING']);
    expect(findings[0]!.message).toContain('has no element with id "nowhere"');
  });

  it('reads a same-document reference on a 404 page against that page, not its file\'s URL (which is no page)', () => {
    const notFound = `${MAIN}/vn/404.html`;
    expect(checkLinks(base).findings.filter((f) => f.file === notFound)).toEqual([]);
    const { input } = withInsert('<a href="#main">ok</a><a href="#">top</a><a href="#nowhere">x</a>', notFound);
    const findings = checkLinks(input).findings;
    expect(findings.map((f) => [f.code, f.file, f.target])).toEqual([['CHECK_ANCHOR_MISSING', notFound, `https://${MAIN}/vn/404#nowhere`]]);
  });

  it('ignores URLs inside script blocks (JSON-LD, runtime configuration)', () => {
    const { input } = withInsert('<script type="application/ld+json">{"url":"https://www.polybrowser.example/nope"}</script>');
    expect(checkLinks(input).findings).toEqual([]);
  });
});

describe('checkRedirects', () => {
  it('summarises the redirect graph: everything lands in one hop', () => {
    const { findings, summary } = checkRedirects(base);
    expect(findings).toEqual([]);
    expect(summary).toMatchObject({ languageHosts: 3, legacySections: 3, longestChain: 0 });
  });

  it('accepts legacy URLs that reach a page in one redirect and names those that do not (legacy-url)', () => {
    const yaml = '- https://www.polybrowser.example/Helps/Start\n- https://www.polybrowser.example/pricing/\n- https://www.polybrowser.example/gone-forever\n';
    const legacy = parseLegacyUrls(yaml, 'content/data/legacy-urls.yaml');
    const { findings, summary } = checkRedirects(base, legacy);
    expect(summary.longestChain).toBe(1);
    expect(summary.legacyChecked).toBe(3);
    expect(findings).toEqual([{ code: 'CHECK_LEGACY_URL', severity: 'error', file: 'content/data/legacy-urls.yaml', line: 3, column: 3, message: expect.stringContaining('https://www.polybrowser.example/gone-forever is not a page and is not redirected') }]);
  });

  it('reports a declared redirect whose target is gone (redirect-broken); a chain is one hop at the edge', () => {
    const edge: EdgeConfig = { ...base.edge, redirects: { main: { '/old-a': '/old-b', '/old-b': '/pricing', '/old-c': '/nowhere' } } };
    const { findings, summary } = checkRedirects({ files: base.files, edge });
    expect(findings.map((f) => [f.code, f.message])).toEqual([
      ['CHECK_REDIRECT_BROKEN', 'https://www.polybrowser.example/old-c is redirected to https://www.polybrowser.example/nowhere, which is not a page'],
    ]);
    // The edge walks /old-a → /old-b → /pricing itself and answers with one redirect.
    expect(summary.longestChain).toBe(1);
  });
});
