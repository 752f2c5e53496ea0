import { describe, expect, it } from 'vitest';
import type { ClientChunk } from '../../../src/bundle/bundle-client.js';
import { jsReport as reportOf, jsReportFile, pageScripts, type JsReport } from '../../../src/render/js-report.js';
import type { Diagnostic } from '../../../src/errors/site-error.js';

interface PageHtml { url: string; template: string; html: string }
/** The report of pages given as HTML, read as the render stage reads them. */
const jsReport = (pages: readonly PageHtml[], ...rest: Parameters<typeof reportOf> extends [unknown, ...infer R] ? R : never): { report: JsReport; diagnostics: Diagnostic[] } =>
  reportOf(pages.map((p) => pageScripts(p.url, p.template, p.html)), ...rest);

const P = {
  main: '/assets/main-AAAA.js',
  shared: '/assets/chunks/chunk-SHARED.js',
  hydrate: '/assets/chunks/hydrate-HHHH.js',
  react: '/assets/chunks/chunk-REACT.js',
  backToTop: '/assets/chunks/back-to-top-BBBB.js',
  tooltip: '/assets/chunks/tooltip-TTTT.js',
  widget: '/assets/chunks/show-toast-WWWW.js',
  widgetDep: '/assets/chunks/chunk-WDEP.js',
  orphan: '/assets/chunks/orphan-OOOO.js',
  legacy: '/assets/legacy-LLLL.js',
} as const;

const GZIP = { main: 10_000, shared: 2_000, hydrate: 1_000, react: 40_000, backToTop: 500, tooltip: 700, widget: 3_000, widgetDep: 300, orphan: 99_999, legacy: 1_234 };

const chunk = (path: string, gzipBytes: number, imports: ClientChunk['imports'] = [], entry?: string): ClientChunk =>
  ({ path, gzipBytes, bytes: gzipBytes * 3, imports, ...(entry ? { entry } : {}) });

/** main statically imports a shared chunk and dynamically the hydrate chunk, two islands and a widget. */
const CHUNKS: ClientChunk[] = [
  chunk(P.main, GZIP.main, [
    { path: P.shared, dynamic: false },
    { path: P.hydrate, dynamic: true },
    { path: P.backToTop, dynamic: true },
    { path: P.tooltip, dynamic: true },
    { path: P.widget, dynamic: true },
  ], 'client/main.ts'),
  chunk(P.shared, GZIP.shared),
  chunk(P.hydrate, GZIP.hydrate, [{ path: P.react, dynamic: false }], 'client/ui.ts'),
  chunk(P.react, GZIP.react),
  chunk(P.backToTop, GZIP.backToTop, [{ path: P.react, dynamic: false }], 'client/islands/back-to-top.tsx'),
  chunk(P.tooltip, GZIP.tooltip, [{ path: P.react, dynamic: false }], 'client/islands/tooltip.tsx'),
  chunk(P.widget, GZIP.widget, [{ path: P.widgetDep, dynamic: false }, { path: P.react, dynamic: false }], 'client/widgets/show-toast.ts'),
  chunk(P.widgetDep, GZIP.widgetDep),
  chunk(P.orphan, GZIP.orphan),
  chunk(P.legacy, GZIP.legacy),
];

const island = (name: string) => `<div class="island" data-island="${name}" data-load="idle" data-props="{}"><span></span></div>`;
const html = (body: string, head = `<script type="module" src="${P.main}"></script>`) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>x</title>${head}</head><body>${body}</body></html>`;

const PAGES: PageHtml[] = [
  { url: '/pricing/', template: 'standalone', html: html(`<main>${island('tooltip')}${island('tooltip')}</main>${island('back-to-top')}`) },
  { url: '/', template: 'home', html: html(`<main></main>${island('back-to-top')}`) },
  { url: '/blog/', template: 'blog', html: html('<main></main>') },
  { url: '/blog/post/', template: 'blog', html: html(`<main></main>${island('back-to-top')}`) },
];

const BIG = { budgetGzip: 1_000_000, renderBlockingBudget: 0 };

const run = (pages: PageHtml[] = PAGES, budget = BIG) => jsReport(pages, CHUNKS, P.main, budget);
const pageOf = (report: ReturnType<typeof run>['report'], url: string) => report.pages.find((p) => p.page === url)!;

// Expected sizes, spelled out from the graph above.
const initialOf = (islands: ('backToTop' | 'tooltip')[]) =>
  GZIP.main + GZIP.shared + (islands.length ? GZIP.hydrate + GZIP.react : 0) + islands.reduce((s, i) => s + GZIP[i], 0);
const totalOf = (islands: ('backToTop' | 'tooltip')[]) =>
  GZIP.main + GZIP.shared + GZIP.hydrate + GZIP.react + GZIP.widget + GZIP.widgetDep + islands.reduce((s, i) => s + GZIP[i], 0);

describe('jsReport: per-page sizes', () => {
  it('lists the islands of each page once, sorted', () => {
    const { report } = run();
    expect(pageOf(report, '/pricing/').islands).toEqual(['back-to-top', 'tooltip']);
    expect(pageOf(report, '/').islands).toEqual(['back-to-top']);
    expect(pageOf(report, '/blog/').islands).toEqual([]);
  });

  it('counts the entry, its static imports, the page islands, the hydrate chunk and React as initial', () => {
    const { report } = run();
    expect(pageOf(report, '/pricing/').initialGzip).toBe(initialOf(['backToTop', 'tooltip']));
    expect(pageOf(report, '/pricing/').initialGzip).toBe(54_200);
  });

  it('does not count the tooltip chunk, in either figure, on a page without a tooltip', () => {
    const { report } = run();
    const home = pageOf(report, '/');
    const pricing = pageOf(report, '/pricing/');
    expect(home.initialGzip).toBe(initialOf(['backToTop']));
    expect(home.totalGzip).toBe(totalOf(['backToTop']));
    expect(pricing.initialGzip - home.initialGzip).toBe(GZIP.tooltip);
    expect(pricing.totalGzip - home.totalGzip).toBe(GZIP.tooltip);
  });

  it('counts on-demand widget chunks in total but not in initial', () => {
    const { report } = run();
    const home = pageOf(report, '/');
    expect(home.totalGzip).toBe(56_800);
    expect(home.totalGzip - home.initialGzip).toBe(GZIP.widget + GZIP.widgetDep);
  });

  it('leaves islands that wait for an interaction out of initial, but not out of total', () => {
    const lazy = html(`<div class="island" data-island="back-to-top" data-load="interaction" data-props="{}"><a></a></div>`);
    const { report } = jsReport([{ url: '/lazy/', template: 'home', html: lazy }], CHUNKS, P.main, BIG);
    expect(report.pages[0]!.islands).toEqual(['back-to-top']);
    expect(report.pages[0]!.initialGzip).toBe(GZIP.main + GZIP.shared);
    expect(report.pages[0]!.totalGzip).toBe(totalOf(['backToTop']));
  });

  it('counts neither React nor hydration as initial on a page without islands, and no island in total', () => {
    const { report } = run();
    const blog = pageOf(report, '/blog/');
    expect(blog.initialGzip).toBe(GZIP.main + GZIP.shared);
    expect(blog.totalGzip).toBe(totalOf([]));
  });

  it('never counts a chunk the entry cannot reach', () => {
    const { report } = run();
    for (const page of report.pages) expect(page.totalGzip).toBeLessThan(GZIP.orphan);
  });

  it('takes the largest page of each template', () => {
    const { report } = run();
    expect(report.byTemplate).toEqual({
      standalone: { pages: 1, initialGzip: initialOf(['backToTop', 'tooltip']), totalGzip: totalOf(['backToTop', 'tooltip']) },
      home: { pages: 1, initialGzip: initialOf(['backToTop']), totalGzip: totalOf(['backToTop']) },
      blog: { pages: 2, initialGzip: initialOf(['backToTop']), totalGzip: totalOf(['backToTop']) },
    });
  });

  it('sorts pages by URL and lists the chunks without their imports', () => {
    const { report } = run();
    expect(report.pages.map((p) => p.page)).toEqual(['/', '/blog/', '/blog/post/', '/pricing/']);
    expect(report.chunks).toHaveLength(CHUNKS.length);
    expect(report.chunks.find((c) => c.path === P.tooltip)).toEqual({ path: P.tooltip, entry: 'client/islands/tooltip.tsx', bytes: 2100, gzipBytes: 700 });
    expect(report.budgetGzip).toBe(BIG.budgetGzip);
    const file = jsReportFile(report);
    expect(file.path).toBe('reports/js.json');
    expect(JSON.parse(file.contents as string)).toEqual(report);
  });
});

describe('jsReport: islands in shared chunks', () => {
  const screen = '/assets/chunks/error-screen-EEEE.js';
  const fatal = '/assets/chunks/fatal-FFFF.js';
  const more: ClientChunk[] = [
    { ...CHUNKS[0]!, imports: [...CHUNKS[0]!.imports, { path: fatal, dynamic: true }, { path: screen, dynamic: true }] },
    ...CHUNKS.slice(1),
    chunk(fatal, 250, [{ path: screen, dynamic: true }], 'client/widgets/fatal-error.ts'),
    chunk(screen, 600, [{ path: P.react, dynamic: false }], 'client/islands/error-screen.tsx'),
  ];

  it('counts an island chunk that another chunk imports (to show it as a widget) on every page', () => {
    const { report } = jsReport(PAGES, more, P.main, BIG);
    // The registry imports error-screen only for pages that have it, but the fatal error widget can show it anywhere.
    expect(pageOf(report, '/blog/').totalGzip).toBe(totalOf([]) + 250 + 600);
  });

  it('counts the UI chunk (React) as initial for an eager island that has no chunk of its own', () => {
    const inUi = html(`<div class="island" data-island="mobile-banner" data-load="mobile" data-props="{}"><a></a></div>`);
    const { report } = jsReport([{ url: '/m/', template: 'home', html: inUi }], CHUNKS, P.main, BIG);
    expect(report.pages[0]!.initialGzip).toBe(GZIP.main + GZIP.shared + GZIP.hydrate + GZIP.react);
  });
});

describe('jsReport: budget', () => {
  it('reports nothing when every page is within the budget (a page at the budget is within it)', () => {
    const { diagnostics } = run(PAGES, { budgetGzip: totalOf(['backToTop', 'tooltip']), renderBlockingBudget: 0 });
    expect(diagnostics).toEqual([]);
  });

  it('reports JS_BUDGET_EXCEEDED naming a page and its islands', () => {
    const { diagnostics } = run(PAGES, { budgetGzip: totalOf(['backToTop', 'tooltip']) - 1, renderBlockingBudget: 0 });
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d!.code).toBe('JS_BUDGET_EXCEEDED');
    expect(d!.severity).toBe('error');
    expect(d!.message).toContain('/pricing/');
    expect(d!.message).toContain('back-to-top, tooltip');
    expect(d!.message).toContain('56.2 kB');
  });

  it('reports one diagnostic per island set, counting its pages', () => {
    const { diagnostics } = run(PAGES, { budgetGzip: totalOf([]), renderBlockingBudget: 0 });
    const budget = diagnostics.filter((d) => d.code === 'JS_BUDGET_EXCEEDED');
    expect(budget).toHaveLength(2);
    const backToTop = budget.find((d) => /islands back-to-top;/.test(d.message))!;
    expect(backToTop.message).toContain('2 page(s) such as / can load');
    expect(budget.some((d) => d.message.includes('/pricing/') && d.message.includes('back-to-top, tooltip'))).toBe(true);
    expect(budget.some((d) => d.message.includes('/blog/ '))).toBe(false);
  });

  it('names a page without islands as such', () => {
    const { diagnostics } = run([PAGES[2]!], { budgetGzip: 1000, renderBlockingBudget: 0 });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toContain('/blog/');
    expect(diagnostics[0]!.message).toContain('no islands');
  });
});

describe('jsReport: render-blocking scripts', () => {
  const withHead = (head: string, body = '') => run([{ url: '/x/', template: 'home', html: html(body, head) }]);

  it('reports a classic external script in <head> without async or defer', () => {
    const { report, diagnostics } = withHead(`<script src="${P.legacy}"></script>`);
    expect(report.pages[0]!.renderBlockingBytes).toBe(GZIP.legacy);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.code).toBe('RENDER_BLOCKING_SCRIPT');
    expect(diagnostics[0]!.message).toContain('/x/');
  });

  it('reports a classic script of an unknown file and a text/javascript one', () => {
    expect(withHead('<script src="https://cdn.example/tag.js"></script>').diagnostics.map((d) => d.code)).toEqual(['RENDER_BLOCKING_SCRIPT']);
    expect(withHead(`<script type="text/javascript" src="${P.legacy}"></script>`).report.pages[0]!.renderBlockingBytes).toBe(GZIP.legacy);
  });

  it('counts the bytes of an inline classic script', () => {
    const { report, diagnostics } = withHead('<script>window.dataLayer=[];</script>');
    expect(report.pages[0]!.renderBlockingBytes).toBe('window.dataLayer=[];'.length);
    expect(diagnostics.map((d) => d.code)).toEqual(['RENDER_BLOCKING_SCRIPT']);
  });

  it.each([
    ['a module script', `<script type="module" src="${P.legacy}"></script>`],
    ['an async script', `<script async src="${P.legacy}"></script>`],
    ['a deferred script', `<script defer src="${P.legacy}"></script>`],
    ['a deferred script with a value', `<script defer="" src="${P.legacy}"></script>`],
    ['a JSON data block', '<script type="application/json" id="sitegen-runtime">{"a":1}</script>'],
    ['JSON-LD', '<script type="application/ld+json">{"@context":"https://schema.org"}</script>'],
  ])('does not count %s', (_name, head) => {
    const { report, diagnostics } = withHead(head);
    expect(report.pages[0]!.renderBlockingBytes).toBe(0);
    expect(diagnostics).toEqual([]);
  });

  it('does not count scripts in <body>', () => {
    const { report, diagnostics } = withHead('', `<script src="${P.legacy}"></script><script>var a = 1;</script>`);
    expect(report.pages[0]!.renderBlockingBytes).toBe(0);
    expect(diagnostics).toEqual([]);
  });

  it('allows blocking bytes up to renderBlockingBudget', () => {
    const pages = [{ url: '/x/', template: 'home', html: html('', `<script src="${P.legacy}"></script>`) }];
    expect(jsReport(pages, CHUNKS, P.main, { budgetGzip: BIG.budgetGzip, renderBlockingBudget: GZIP.legacy }).diagnostics).toEqual([]);
    expect(jsReport(pages, CHUNKS, P.main, { budgetGzip: BIG.budgetGzip, renderBlockingBudget: GZIP.legacy - 1 }).diagnostics).toHaveLength(1);
  });

  it('reads async and defer as attributes, not as text inside src, and reads single-quoted attributes', () => {
    for (const tag of ['<script src="/assets/defer-polyfill.js"></script>', "<script src='/assets/async-x.js'></script>"]) {
      const { report, diagnostics } = withHead(tag);
      expect(report.pages[0]!.renderBlockingBytes, tag).toBeGreaterThan(0);
      expect(diagnostics.map((d) => d.code), tag).toEqual(['RENDER_BLOCKING_SCRIPT']);
    }
    expect(withHead("<script type='module' src='/a.js'></script><script defer src=/b.js></script>").report.pages[0]!.renderBlockingBytes).toBe(0);
  });
});
