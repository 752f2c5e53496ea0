import { describe, expect, it } from 'vitest';
import { createPageFilter, falsePositiveRate, pageFilterTest, pageKey } from '../../../src/edge/page-filter.js';

describe('the page filter', () => {
  const pages = Array.from({ length: 10_000 }, (_, i) => pageKey(i % 3 ? 'main' : 'zh', `/vn/blog/article-${i}`));
  const filter = createPageFilter(pages);
  const has = pageFilterTest(filter);

  it('finds every page it was built from', () => {
    expect(pages.every(has)).toBe(true);
  });

  it('says yes to about 1% of other paths, and stays near 10 bits a page', () => {
    const others = Array.from({ length: 10_000 }, (_, i) => pageKey('main', `/vn/blog/other-${i}`));
    const falsePositives = others.filter(has).length;
    expect(falsePositives / others.length).toBeLessThan(0.02);
    expect(filter.bits).toBe(100_000);
    expect(filter.filter.length).toBeLessThan(17_000);
  });

  it('is the same filter for the same pages', () => {
    expect(createPageFilter(pages)).toEqual(filter);
  });

  it('fits a room too small for 10 bits a page: fewer bits and more false positives, never a missed page', () => {
    const small = createPageFilter(pages, 4000);
    const smallHas = pageFilterTest(small);
    expect(small.filter.length).toBeLessThanOrEqual(4000);
    expect(pages.every(smallHas)).toBe(true);
    expect(small.bits / pages.length).toBeLessThan(3);
    const others = Array.from({ length: 10_000 }, (_, i) => pageKey('main', `/vn/blog/other-${i}`));
    const measured = others.filter(smallHas).length / others.length;
    expect(measured).toBeGreaterThan(0.1);
    expect(Math.abs(measured - falsePositiveRate(small, pages.length))).toBeLessThan(0.05);
    expect(falsePositiveRate(filter, pages.length)).toBeLessThan(0.012);
  });
});
