import { describe, expect, it } from 'vitest';
import { mapConcurrent } from '../../../src/fs/map-concurrent.js';

describe('mapConcurrent', () => {
  it('never has more than the limit in flight, and keeps results in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapConcurrent(Array.from({ length: 200 }, (_, i) => i), 7, async (n) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, (n * 13) % 5));
      inFlight--;
      return n * 2;
    });
    expect(most).toBe(7);
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('handles no items and a limit above the item count', async () => {
    expect(await mapConcurrent([], 4, async () => 1)).toEqual([]);
    expect(await mapConcurrent([1, 2], 64, async (n) => n + 1)).toEqual([2, 3]);
  });
});
