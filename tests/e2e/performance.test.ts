import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixture.js';
import { LOCALES } from '../../src/model/locale-table.js';
import type { JsReport } from '../../src/render/js-report.js';
import { e2e, DESKTOP, framesRendered, localUrl, MOBILE, newPage, stopClock, useBrowser } from './support/e2e.js';
import { layoutShifts, observeLayoutShifts, type LayoutShifts } from './support/layout-shifts.js';
import { localeOfUrl } from './support/page-types.js';

const browser = useBrowser();
const report = JSON.parse(readFileSync(join(e2e.distDir, 'reports/js.json'), 'utf8')) as JsReport;

/** Home, pricing and the first article of a locale (issue: "in every locale"). */
function pagesToMeasure(locale: string): string[] {
  const urls: string[] = [];
  for (const template of ['home', 'pricing', 'article']) {
    const page = report.pages.find((p) => p.template === template && localeOfUrl(p.page)?.locale === locale);
    if (page) urls.push(page.page);
  }
  return urls;
}

describe('the JavaScript budget (dist/reports/js.json)', () => {
  it('holds for every page: all JavaScript a page can load, React included, within client.budgetGzip; nothing render-blocking', () => {
    expect(report.pages.length).toBeGreaterThan(1000);
    // Issue 20: headroom under the 90 kB of the spec's budget; raising it is a decision (docs/client.md).
    expect(report.budgetGzip).toBeLessThanOrEqual(88 * 1024);
    for (const page of report.pages) {
      expect(page.totalGzip, page.page).toBeLessThanOrEqual(report.budgetGzip);
      expect(page.renderBlockingBytes, page.page).toBe(0);
    }
  });
});

/** CLS of every page measured, by device, written to test-results/perf/cls.json for the report. */
const measured: { device: string; url: string; cls: number }[] = [];

describe('layout stability: home, pricing and an article never shift (CLS 0), on a phone and on a desktop', () => {
  // One phone and one desktop for every locale; a test per locale, so no test waits on 82 pages.
  const devices = { phone: MOBILE, desktop: DESKTOP };
  const pages: Record<string, { context: BrowserContext; page: Page }> = {};
  beforeAll(async () => {
    for (const [name, options] of Object.entries(devices)) {
      pages[name] = await newPage(browser(), options);
      await pages[name].page.addInitScript(observeLayoutShifts);
      // The page's clock stands still: the test moves it past the banner's delay instead of waiting.
      await stopClock(pages[name].page);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(pages).map((p) => p.context.close()));
    if (measured.length) {
      mkdirSync(join(ROOT, 'test-results/perf'), { recursive: true });
      writeFileSync(join(ROOT, 'test-results/perf/cls.json'), `${JSON.stringify(measured, null, 1)}\n`);
    }
  });

  it('sees a shift when there is one: a block put above the content after load counts', async () => {
    const { page } = pages.desktop!;
    await page.goto(localUrl(pagesToMeasure('en')[0]!), { waitUntil: 'load' });
    await framesRendered(page, 2);
    await page.evaluate(() => document.querySelector('main')!.prepend(Object.assign(document.createElement('div'), { style: 'height: 200px' })));
    await framesRendered(page, 2);
    const { cls, moved } = await layoutShifts(page);
    expect(cls, moved.join('\n')).toBeGreaterThan(0.05);
    expect(moved.length).toBeGreaterThan(0);
  });

  it('finds home and pricing in every locale, and an article in all but one', () => {
    expect(LOCALES.flatMap((l) => pagesToMeasure(l.code)).length).toBeGreaterThanOrEqual(14 * 2 + 13);
  });

  it.each(LOCALES.map((l) => l.code))('%s', async (locale) => {
    const shifts: Record<string, LayoutShifts> = {};
    for (const [device, { page }] of Object.entries(pages)) {
      for (const url of pagesToMeasure(locale)) {
        await page.goto(localUrl(url), { waitUntil: 'load' });
        // Measured once the islands that hydrate when idle have, and on the phone once the banner
        // (after its 1 s) is up; the conditions are checked in the page on each frame.
        await page.clock.runFor(100);
        await page.waitForFunction((phone) => {
          const waiting = document.querySelector(`[data-island][data-load="idle"]:not([data-hydrated="true"])${phone ? ', [data-island][data-load="mobile"]:not([data-hydrated="true"])' : ''}`);
          const link = document.querySelector<HTMLAnchorElement>('.mobile-banner a');
          // The banner's first effect puts the page on its link and starts its 1 s.
          return !waiting && (!phone || (!!link && new URL(link.href).searchParams.get('from') === window.location.href));
        }, device === 'phone', { polling: 'raf' });
        await page.clock.runFor(1000);
        if (device === 'phone') await page.waitForFunction(() => !!document.querySelector('.mobile-banner.is-shown'), undefined, { polling: 'raf' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await framesRendered(page, 2);
        const { cls, moved } = await layoutShifts(page);
        shifts[`${device} ${url}`] = { cls, moved };
        measured.push({ device, url, cls });
      }
    }
    const shifted = Object.entries(shifts).filter(([, { cls }]) => cls > 0);
    expect(shifted).toEqual([]);
  });
});
