import { describe, expect, it } from 'vitest';
import { createPageFilter, pageFilterTest, pageKey } from '../../../src/edge/page-filter.js';

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
});
