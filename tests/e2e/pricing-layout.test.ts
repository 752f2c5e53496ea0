import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { artifactPath, newPage, screenshot, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();

const LOCALES = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'] as const;
const WIDTHS = [320, 375, 768, 1366] as const;

const pricingUrl = (l: string) => (l === 'zh' || l === 'ru' ? siteUrl('/pricing', l) : siteUrl(l === 'en' ? '/pricing' : `/${l}/pricing`));

/** A phone below 768 px (touch, mobile viewport), a desktop browser from there on. */
const viewport = (width: number): BrowserContextOptions => ({
  viewport: { width, height: 900 },
  ...(width < 768 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  locale: 'en-US',
});

/**
 * Everything that is wrong with the layout of the pricing page as it stands, in words: the page
 * wider than the viewport; an amount not shown for the picked currency; "/month" not on the line of
 * its amount (their boxes must share a line and the period must follow the amount); a price, plan
 * name or the comparison table's container sticking out of its box; a word broken over two lines.
 */
function layoutProblems(page: Page, currency: string): Promise<string[]> {
  return page.evaluate((picked) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page is ${root.scrollWidth} px wide in a ${root.clientWidth} px viewport`);
    for (const plan of document.querySelectorAll<HTMLElement>('.plan')) {
      const name = plan.querySelector('h2')!;
      const label = name.id;
      if (name.scrollWidth > name.clientWidth + 1) problems.push(`${label}: the plan name overflows (${name.scrollWidth} > ${name.clientWidth})`);
      const price = plan.querySelector<HTMLElement>('.price')!;
      const card = plan.getBoundingClientRect();
      const priceBox = price.getBoundingClientRect();
      const style = getComputedStyle(plan);
      const inner = { left: card.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft), right: card.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) };
      if (price.scrollWidth > price.clientWidth + 1 || priceBox.right > inner.right + 1) problems.push(`${label}: the price sticks out of its card (${Math.round(priceBox.right)} > ${Math.round(inner.right)})`);
      if (plan.querySelector('.price-free')) continue;
      const shown = [...plan.querySelectorAll<HTMLElement>('.price-amount')].filter((a) => getComputedStyle(a).display !== 'none');
      if (shown.length !== 1 || shown[0]!.dataset.currency !== picked) {
        problems.push(`${label}: shows ${shown.map((a) => a.dataset.currency).join(', ') || 'no amount'} for ${picked}`);
        continue;
      }
      const amountRects = shown[0]!.getClientRects();
      const periodRects = plan.querySelector('.price-period')!.getClientRects();
      if (amountRects.length !== 1 || periodRects.length !== 1) {
        problems.push(`${label}: the amount or "/month" breaks over lines (${amountRects.length} and ${periodRects.length} boxes)`);
        continue;
      }
      const amount = amountRects[0]!;
      const period = periodRects[0]!;
      const sameLine = period.top < amount.bottom && period.bottom > amount.top && period.left >= amount.right - 1;
      if (!sameLine) problems.push(`${label}: "/month" is not on the line of ${shown[0]!.textContent} (amount ${Math.round(amount.left)},${Math.round(amount.top)}-${Math.round(amount.right)},${Math.round(amount.bottom)}; period ${Math.round(period.left)},${Math.round(period.top)})`);
    }
    // No word split over two lines (where words are separated by spaces: Chinese, Japanese and Thai
    // lines may break between any two characters). A word's range has one box per line it is on.
    if (!['zh-CN', 'zh-TW', 'ja', 'th'].includes(document.documentElement.lang)) {
      const texts = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      const where = '.plan h2, .plan .price, .plan-features li, .currency-switch label, .compare-table th, .compare-table td';
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const box = node.parentElement!;
        if (!box.closest(where) || box.closest('.visually-hidden, .tooltip, [hidden]') || getComputedStyle(box).display === 'none') continue;
        for (const word of node.textContent!.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) problems.push(`"${word[0]}" is split over two lines in ${box.tagName.toLowerCase()}.${box.className}`);
        }
      }
    }
    const scroller = document.querySelector<HTMLElement>('.compare-scroll');
    if (!scroller) problems.push('no comparison table');
    else if (scroller.getBoundingClientRect().right > root.clientWidth + 0.5) problems.push('the comparison table\'s container is wider than the viewport');
    return problems;
  }, currency);
}

describe('the pricing page at phone, tablet and desktop widths, in every locale', () => {
  // One test a width: 14 locales × 4 currencies each, so that a busy machine's slowness is spread
  // over four timeouts rather than one (all four widths in one test ran past 180 s beside a benchmark).
  it.each(WIDTHS)('never scrolls sideways and keeps "/month" on the line of its price, in every currency, %i px wide', async (width) => {
    const failures: string[] = [];
    const { context, page } = await newPage(browser(), viewport(width));
    for (const l of LOCALES) {
      await page.goto(pricingUrl(l));
      const currencies = await page.locator('.currency-switch input[type="radio"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(currencies, `${l} currencies`).toHaveLength(4);
      for (const currency of currencies) {
        // Picking a currency is a click on its radio (the control needs no script, see below).
        await page.locator(`.currency-switch input[value="${currency}"]`).evaluate((input: HTMLInputElement) => input.click());
        const problems = await layoutProblems(page, currency);
        if (problems.length) {
          failures.push(...problems.map((p) => `${l} @${width} ${currency}: ${p}`));
          await screenshot(page, { path: artifactPath(`pricing-${l}-${width}-${currency}.png`), fullPage: true });
        }
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  });
});

describe('the currency switch', () => {
  it('works without JavaScript, by mouse and by keyboard, and starts at the locale\'s currency', async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 375, height: 800 }, javaScriptEnabled: false, locale: 'en-US' });
    const shownIn = () => page.locator('.plan .price-amount').evaluateAll((amounts) => [...new Set(amounts.filter((a) => getComputedStyle(a).display !== 'none').map((a) => (a as HTMLElement).dataset.currency))]);
    await page.goto(pricingUrl('vn'));
    expect(await shownIn()).toEqual(['VND']);
    await page.locator('.currency-switch label', { hasText: 'USD' }).click();
    expect(await shownIn()).toEqual(['USD']);
    expect(await page.locator('#plan-base').locator('xpath=..').locator('.price').innerText()).toMatch(/^\$9,9\s*\/tháng$/);
    // Radios: the arrow keys move the choice along the group.
    await page.locator('.currency-switch input:checked').focus();
    await page.keyboard.press('ArrowRight');
    const next = await page.locator('.currency-switch input:checked').getAttribute('value');
    expect(next).not.toBe('USD');
    expect(await shownIn()).toEqual([next]);
    await context.close();
  });
});
