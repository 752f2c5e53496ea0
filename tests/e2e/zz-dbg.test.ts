import { it } from 'vitest';
import { DESKTOP, localUrl, newPage, stopClock, framesRendered, useBrowser } from './support/e2e.js';
import { appendFileSync } from 'node:fs';

const browser = useBrowser();

function observe(): void {
  const w = window as any;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) w.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), rs: document.readyState, n: (e.sources ?? []).map((s: any) => s.node?.className).join('|') });
  }).observe({ type: 'layout-shift', buffered: true });
}

it('dbg', async () => {
  const { page } = await newPage(browser(), DESKTOP);
  await page.addInitScript(observe);
  await stopClock(page);
  for (let i = 0; i < 40; i++) {
    for (const url of ['https://www.polybrowser.example/vn', 'https://www.polybrowser.example/th/pricing']) {
      await page.goto(localUrl(url), { waitUntil: 'load' });
      await page.clock.runFor(100);
      await page.clock.runFor(1000);
      await framesRendered(page, 2);
      const s = await page.evaluate(() => ({ shifts: (window as any).__shifts }));
      if (s.shifts.length) appendFileSync('/tmp/shifts.log', `${i} ${url} ${JSON.stringify(s)}\n`);
    }
  }
}, 900_000);
