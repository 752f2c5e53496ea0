import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../../src/errors/did-you-mean.js';

describe('did you mean', () => {
  it('counts a swap of two neighbours as one edit, as a typist makes it', () => {
    expect(editDistance('teamwrok', 'teamwork')).toBe(1);
    expect(editDistance('catgory', 'category')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('offers the closest known values, only when they are close', () => {
    const tags = ['proxy', 'fingerprint', 'automation', 'teamwork', 'ecommerce', 'social-media', 'security', 'release'];
    expect(didYouMean('teamwrok', tags)).toBe(', did you mean "teamwork"?');
    expect(didYouMean('Security', tags)).toBe(', did you mean "security"?');
    expect(didYouMean('fingerprnt', tags)).toBe(', did you mean "fingerprint"?');
    expect(didYouMean('zzzz', tags)).toBe('');
    expect(didYouMean('blog', tags)).toBe('');
    // Short words: one edit at most, and never a word made mostly of edits.
    expect(closest('ab', ['ax', 'xy'])).toEqual(['ax']);
    expect(closest('a', ['b'])).toEqual([]);
    expect(closest('mac', ['max', 'map', 'linux'])).toEqual(['max', 'map']);
  });
});
