import { describe, expect, it } from 'vitest';
import type { JsReport } from '../../../src/render/js-report.js';
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
    const report = JSON.parse(new TextDecoder().decode(result.output.get('reports/js.json')!)) as JsReport;
    const about = report.pages.find((p) => p.page === `https://${MAIN}/helps/start`)!;
    expect(about.islands).toEqual(['back-to-top', 'mobile-banner', 'search']);
    // Everything the page can load: at least its entry and the UI chunk its islands hydrate with.
    const gzipOf = (entry: string) => report.chunks.find((c) => c.entry === entry)!.gzipBytes;
    expect(about.initialGzip).toBeGreaterThanOrEqual(gzipOf('client/main.ts') + gzipOf('client/ui.ts'));
    expect(about.totalGzip).toBeGreaterThan(about.initialGzip + gzipOf('client/start-deferred.ts') - 1);
    expect(about.totalGzip).toBeLessThanOrEqual(92160);
    expect(about.renderBlockingBytes).toBe(0);
    expect(htmlAt(result, `${MAIN}/helps/start.html`)).toContain('<script type="module"');
  });

  it('fails the build, naming pages and islands, when a page can load more than client.budgetGzip', async () => {
    const result = await buildFixture(site(10_000));
    const errors = errorsOf(result).filter((d) => d.code === 'JS_BUDGET_EXCEEDED');
    expect(result.ok).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/page\(s\) such as https:\/\/.+ can load .+ of JavaScript \(gzip\) with islands .*back-to-top.*; the budget is 9\.8 kB/);
  });
});
