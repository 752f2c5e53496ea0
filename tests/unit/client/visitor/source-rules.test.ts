// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applySourceRules, sourceRuleOps, storedSource } from '../../../../client/visitor/source-rules.js';
import { memoryStorage, rawThrowingStorage, throwingLocalStorage } from './fakes.js';

const before = { registeCode: 'OLDCODE', source: 'oldsource', other: 'kept' };

function after(search: string): Record<string, string> {
  const storage = memoryStorage(before);
  applySourceRules(search, storage);
  return Object.fromEntries(storage.data);
}

describe('query → storage rules (spec §4)', () => {
  it('code only: sets registeCode and clears source', () => {
    expect(after('?code=NEW')).toEqual({ registeCode: 'NEW', other: 'kept' });
  });

  it('code and source: sets both', () => {
    expect(after('?code=NEW&source=google.ads')).toEqual({ registeCode: 'NEW', source: 'google.ads', other: 'kept' });
  });

  it('source only: sets source and clears registeCode', () => {
    expect(after('?source=news_letter-1')).toEqual({ source: 'news_letter-1', other: 'kept' });
  });

  it('neither: storage unchanged', () => {
    expect(after('')).toEqual(before);
    expect(after('?ref=X&utm_source=y')).toEqual(before);
    expect(sourceRuleOps('?foo=1')).toEqual([]);
  });

  it('treats hostile or empty values as absent', () => {
    expect(after('?code=%3Cscript%3E')).toEqual(before);
    expect(after('?code=')).toEqual(before);
    expect(after(`?source=${'s'.repeat(65)}`)).toEqual(before);
    expect(after('?source=a%20b')).toEqual(before);
    // A hostile code next to a good source: source only.
    expect(after('?code=a%3Bb&source=fb')).toEqual({ source: 'fb', other: 'kept' });
    // A good code next to a hostile source: code only.
    expect(after('?code=C&source=%22%3E')).toEqual({ registeCode: 'C', other: 'kept' });
    // "." is allowed in a source but not in a code.
    expect(after('?code=a.b')).toEqual(before);
  });

  it('accepts a 64-character source and reads back only valid sources', () => {
    const s = 'S'.repeat(64);
    expect(after(`?source=${s}`)).toEqual({ source: s, other: 'kept' });
    expect(storedSource(memoryStorage({ source: 'ok.src' }))).toBe('ok.src');
    expect(storedSource(memoryStorage({ source: '<b>' }))).toBeUndefined();
  });

  it('never throws when storage does', () => {
    expect(() => applySourceRules('?code=A&source=b', throwingLocalStorage())).not.toThrow();
    expect(() => applySourceRules('?code=A&source=b', rawThrowingStorage)).not.toThrow();
    expect(storedSource(rawThrowingStorage)).toBeUndefined();
    expect(storedSource(throwingLocalStorage())).toBeUndefined();
  });
});
