import { describe, expect, it } from 'vitest';
import { baseFiles, buildFixture, errorsOf, htmlAt, MAIN, simplePage } from '../../helpers/fixture.js';

const site = (budget: number) => {
  const files: Record<string, string> = { ...baseFiles(), 'content/en/helps/start.md': simplePage('Start') };
  files['content/site.yaml'] = files['content/site.yaml']!.replace(/^  budgetGzip: \d+$/m, `  budgetGzip: ${budget}`);
  return files;
};

describe('the per-page JavaScript budget', () => {
  it('writes reports/js.json with every page, its islands and gzip sizes', async () => {
    const result = await buildFixture(site(92160));
    expect(errorsOf(result)).toEqual([]);
    const report = JSON.parse(new TextDecoder().decode(result.output.get('reports/js.json')!)) as { pages: { page: string; islands: string[]; initialGzip: number; totalGzip: number; renderBlockingBytes: number }[] };
    const about = report.pages.find((p) => p.page === `https://${MAIN}/helps/start`)!;
    expect(about.islands).toEqual(['back-to-top', 'mobile-banner']);
    // React and react-dom alone are over 50 kB gzip: the total must include them.
    expect(about.totalGzip).toBeGreaterThan(50_000);
    expect(about.totalGzip).toBeLessThanOrEqual(92160);
    expect(about.renderBlockingBytes).toBe(0);
    expect(htmlAt(result, `${MAIN}/helps/start.html`)).toContain('<script type="module"');
  });

  it('fails the build, naming pages and islands, when a page can load more than client.budgetGzip', async () => {
    const result = await buildFixture(site(40_000));
    const errors = errorsOf(result).filter((d) => d.code === 'JS_BUDGET_EXCEEDED');
    expect(result.ok).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/page\(s\) such as https:\/\/.+ can load .+ of JavaScript \(gzip\) with islands .*back-to-top.*; the budget is 39\.1 kB/);
  });
});
