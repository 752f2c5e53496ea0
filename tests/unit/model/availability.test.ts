import { describe, expect, it } from 'vitest';
import { offeredIn, useCaseIdsFor, useCaseKey } from '../../../src/model/availability.js';

const table = {
  ids: ['traffic', 'media-market', 'betting', 'crypto', 'data-collection'],
  swap: { locales: ['zh', 'tc'] as ('zh' | 'tc')[], pairs: { betting: 'media-market', crypto: 'data-collection' } },
};

describe('availability', () => {
  it('honours only and except lists', () => {
    expect(offeredIn({ only: ['zh', 'tc'] }, 'zh')).toBe(true);
    expect(offeredIn({ only: ['zh', 'tc'] }, 'en')).toBe(false);
    expect(offeredIn({ except: ['zh', 'tc', 'vn'] }, 'vn')).toBe(false);
    expect(offeredIn({}, 'hi')).toBe(true);
  });

  it('swaps use cases in zh and tc and the reverse elsewhere', () => {
    expect(useCaseIdsFor(table, 'zh')).toEqual(['traffic', 'media-market', 'data-collection']);
    expect(useCaseIdsFor(table, 'tc')).toEqual(['traffic', 'media-market', 'data-collection']);
    expect(useCaseIdsFor(table, 'en')).toEqual(['traffic', 'betting', 'crypto']);
  });

  it('gives both spellings of a pair one cluster key', () => {
    expect(useCaseKey(table, 'media-market')).toBe('betting');
    expect(useCaseKey(table, 'betting')).toBe('betting');
    expect(useCaseKey(table, 'traffic')).toBe('traffic');
  });
});
