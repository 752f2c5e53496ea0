// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../../../../client/constants.js';
import { isChunkLoadError, reloadOnChunkFailure } from '../../../../client/services/reload-guard.js';
import { memoryStorage } from './helpers.js';

describe('reloadOnChunkFailure', () => {
  it('reloads once for two failures within 10 s, and again after 10 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadOnChunkFailure(deps)).toBe(true);
    expect(storage.get(STORAGE.lastReload)).toBe('1000000');
    now += 9_999;
    expect(reloadOnChunkFailure(deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 1;
    expect(reloadOnChunkFailure(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats a missing or unreadable timestamp as absent', () => {
    const reload = vi.fn();
    expect(reloadOnChunkFailure({ storage: memoryStorage({ [STORAGE.lastReload]: 'junk' }), reload, now: () => 5 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when storage keeps nothing (it could loop)', () => {
    const reload = vi.fn();
    const storage = { get: () => undefined, set: () => {}, remove: () => {} };
    expect(reloadOnChunkFailure({ storage, reload, now: () => 5 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/chunk-1.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://x/c.js'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
    'Failed to fetch dynamically imported module',
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('boom'), new TypeError('x is undefined'), null, undefined, 42, {}])('ignores %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
