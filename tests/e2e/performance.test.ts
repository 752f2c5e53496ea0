import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/model/locale-table.js';
import type { JsReport } from '../../src/render/js-report.js';
import { e2e, framesRendered, localUrl, MOBILE, newPage, stopClock, useBrowser } from './support/e2e.js';

const browser = useBrowser();
const report = JSON.parse(readFileSync(join(e2e.distDir, 'reports/js.json'), 'utf8')) as JsReport;

/** The locale a built page URL belongs to (its host, then its first path segment). */
function localeOf(url: string): string {
  const { hostname, pathname } = new URL(url);
  const prefix = `/${pathname.split('/')[1] ?? ''}`;
  const onHost = LOCALES.filter((l) => url.startsWith(e2eOrigin(l.host)) || hostname.includes(l.host === 'zh' ? '-cn' : l.host === 'ru' ? '-ru' : 'polybrowser.example'));
  return (onHost.find((l) => l.prefix && l.prefix === prefix) ?? onHost.find((l) => !l.prefix))!.code;
}
const e2eOrigin = (host: string) => ({ main: 'https://www.polybrowser.example', zh: 'https://www.polybrowser-cn.example', ru: 'https://www.polybrowser-ru.example' })[host]!;

/** Home, pricing and the first article of a locale (issue: "in every locale"). */
function pagesToMeasure(locale: string): string[] {
  const urls: string[] = [];
  for (const template of ['home', 'pricing', 'article']) {
    const page = report.pages.find((p) => p.template === template && localeOf(p.page) === locale);
    if (page) urls.push(page.page);
  }
  return urls;
}

describe('the JavaScript budget (dist/reports/js.json)', () => {
  it('holds for every page: all JavaScript a page can load, React included, within 90 KB gzip; nothing render-blocking', () => {
    expect(report.pages.length).toBeGreaterThan(1000);
    for (const page of report.pages) {
      expect(page.totalGzip, page.page).toBeLessThanOrEqual(report.budgetGzip);
      expect(page.renderBlockingBytes, page.page).toBe(0);
    }
  });
});

/** Layout shifts of a page from its start, those not yet handed to the observer's callback included. */
function observeLayoutShifts(): void {
  const state = { cls: 0, observer: undefined as PerformanceObserver | undefined };
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) state.cls += entry.value;
    }
  };
  state.observer = new PerformanceObserver((list) => add(list.getEntries()));
  state.observer.observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __cls: () => number }).__cls = () => {
    add(state.observer!.takeRecords());
    return state.cls;
  };
}

describe('layout stability: home, pricing and an article shift less than 0.05 (CLS), on a phone', () => {
  // One phone for every locale; a test per locale, so no test waits on 41 pages.
  let page: Page;
  let context: BrowserContext;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser(), MOBILE));
    await page.addInitScript(observeLayoutShifts);
    // The page's clock stands still: the test moves it past the banner's delay instead of waiting.
    await stopClock(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds home and pricing in every locale, and an article in all but one', () => {
    expect(LOCALES.flatMap((l) => pagesToMeasure(l.code)).length).toBeGreaterThanOrEqual(14 * 2 + 13);
  });

  it.each(LOCALES.map((l) => l.code))('%s', async (locale) => {
    const shifts: Record<string, number> = {};
    for (const url of pagesToMeasure(locale)) {
      await page.goto(localUrl(url), { waitUntil: 'load' });
      // Measured once the islands that hydrate when idle have, and the banner (after its 1 s) is up;
      // the conditions are checked in the page on each frame.
      await page.clock.runFor(100);
      await page.waitForFunction(() => {
        const waiting = document.querySelector('[data-island][data-load="idle"]:not([data-hydrated="true"]), [data-island][data-load="mobile"]:not([data-hydrated="true"])');
        const link = document.querySelector<HTMLAnchorElement>('.mobile-banner a');
        // The banner's first effect puts the page on its link and starts its 1 s.
        return !waiting && !!link && new URL(link.href).searchParams.get('from') === window.location.href;
      }, undefined, { polling: 'raf' });
      await page.clock.runFor(1000);
      await page.waitForFunction(() => !!document.querySelector('.mobile-banner.is-shown'), undefined, { polling: 'raf' });
      await framesRendered(page, 2);
      shifts[url] = await page.evaluate(() => (window as unknown as { __cls: () => number }).__cls());
    }
    const worst = Object.entries(shifts).sort((a, b) => b[1] - a[1])[0]!;
    expect(worst[1], `worst: ${worst[0]}`).toBeLessThan(0.05);
  });
});
