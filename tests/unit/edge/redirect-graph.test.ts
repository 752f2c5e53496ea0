import { describe, expect, it } from 'vitest';
import { baseFiles, blogPost, buildFixture, errorsOf, markdown } from '../../helpers/fixture.js';

/** A build of the base site plus redirects.yaml rows and extra files; its errors. */
async function errorsWith(rows: string[], extra: Record<string, string> = {}, budget?: number) {
  const files: Record<string, string> = { ...baseFiles(), ...extra, 'content/data/redirects.yaml': `${rows.join('\n')}\n` };
  if (budget) files['content/site.yaml'] = files['content/site.yaml']!.replace(/budget: \d+/, `budget: ${budget}`);
  const result = await buildFixture(files);
  expect(result.ok).toBe(false);
  return errorsOf(result).map((d) => ({ code: d.code, at: `${d.file}:${d.position?.line}:${d.position?.column}`, message: d.message }));
}

describe('the redirect graph', () => {
  it('reports a loop at the row that starts it, naming the cycle', async () => {
    const errors = await errorsWith(['- { from: /a, to: /b }', '- { from: /b, to: /a }']);
    expect(errors).toEqual([
      { code: 'REDIRECT_LOOP', at: 'content/data/redirects.yaml:1:11', message: 'redirect from /a: it loops: main /a → main /b → main /a' },
      { code: 'REDIRECT_LOOP', at: 'content/data/redirects.yaml:2:11', message: 'redirect from /b: it loops: main /b → main /a → main /b' },
    ]);
  });

  it('reports a chain longer than the edge walks', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => `- { from: /step-${i}, to: /step-${i + 1} }`);
    rows.push('- { from: /step-9, to: /pricing }');
    const errors = await errorsWith(rows);
    expect(errors[0]).toMatchObject({ code: 'REDIRECT_CHAIN', at: 'content/data/redirects.yaml:1:11' });
    expect(errors[0]!.message).toMatch(/^redirect from \/step-0: it does not settle within 8 steps: main \/step-0 → main \/step-1 → /);
  });

  it('refuses a redirect that would hide a page', async () => {
    expect(await errorsWith(['- { from: /pricing/, to: /download }'])).toEqual([
      { code: 'REDIRECT_SHADOWS_PAGE', at: 'content/data/redirects.yaml:1:11', message: 'redirect from /pricing would hide the page at that address on the main host' },
    ]);
  });

  it('refuses a target that is not a page, after following the rules', async () => {
    expect(await errorsWith(['- { from: /old, to: /en/nowhere }'])).toEqual([
      { code: 'REDIRECT_TARGET_MISSING', at: 'content/data/redirects.yaml:1:11', message: 'redirect from /old: it ends at /nowhere on the main host, which is not a page' },
    ]);
  });

  it('refuses a target off the site', async () => {
    expect(await errorsWith(['- { from: /old, to: "https://evil.example/" }'])).toEqual([
      { code: 'REDIRECT_TARGET_EXTERNAL', at: 'content/data/redirects.yaml:1:11', message: 'redirect from /old goes to https://evil.example/, which is not on the site\'s hosts or the Russian blog' },
    ]);
  });

  it('refuses one source declared twice, in front matter and in the table', async () => {
    const errors = await errorsWith(['- { from: /blog/old-name, to: /pricing }'], { 'content/en/blog/new-name.md': blogPost({ aliases: ['old-name'] }) });
    expect(errors).toEqual([
      { code: 'REDIRECT_DUPLICATE', at: 'content/data/redirects.yaml:1:11', message: '/blog/old-name on the main host is redirected twice (to /blog/new-name and to /pricing)' },
    ]);
  });

  it('names the front matter line of a bad alias', async () => {
    const errors = await errorsWith([], { 'content/en/blog/new-name.md': blogPost({ aliases: ['/pricing'] }) });
    expect(errors).toEqual([
      { code: 'REDIRECT_SHADOWS_PAGE', at: 'content/en/blog/new-name.md:8:11', message: 'redirect from /pricing would hide the page at that address on the main host' },
    ]);
  });

  it('refuses a page that a built-in rule sends elsewhere', async () => {
    const errors = await errorsWith([], { 'content/en/features/rpa.md': markdown({ title: 'RPA', description: 'Automation.', slug: 'case' }) });
    expect(errors).toEqual([expect.objectContaining({ code: 'PAGE_REDIRECTED', message: 'https://www.polybrowser.example/case is never served: the edge sends it to https://www.polybrowser.example/use-cases' })]);
  });

  it('fails a document over its budget, saying what takes the room', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `- { from: /retired-campaign-page-${i}, to: /pricing }`);
    const errors = await errorsWith(rows, {}, 2048);
    expect(errors).toEqual([expect.objectContaining({ code: 'EDGE_CONFIG_TOO_LARGE', at: 'content/site.yaml:undefined:undefined' })]);
    expect(errors[0]!.message).toMatch(/^the edge document is \d+\.\d kB, over the 2\.0 kB budget \(edge\.budget in site\.yaml\); redirects \d+\.\d kB, Russian lookup \d+ B, page filter \d+(\.\d kB| B)$/);
  });

  it('gives the page filter the room the budget leaves, with a warning when it gets crowded, instead of failing', async () => {
    const files: Record<string, string> = { ...baseFiles() };
    for (let i = 0; i < 150; i++) files[`content/en/blog/post-${i}.md`] = blogPost({ title: `Post ${i}` });
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/budget: \d+/, 'budget: 2048');
    const result = await buildFixture(files);
    expect(errorsOf(result)).toEqual([]);
    expect(result.edge!.bytes).toBeLessThanOrEqual(2048);
    const crowded = result.diagnostics.find((d) => d.code === 'EDGE_FILTER_CROWDED');
    expect(crowded).toMatchObject({ severity: 'warning', file: 'content/site.yaml' });
    expect(crowded!.message).toMatch(/^the edge document's page filter holds \d+ pages in \d+ B \([\d.]+ bits a page\): about \d+% of mixed-case URLs/);
  });
});
