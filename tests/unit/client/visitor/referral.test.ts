// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../../client/api/api-client.js';
import { applyReferral, reportReferral, resolveReferralCode } from '../../../../client/visitor/referral.js';
import { config, fakeApi, fakeDoc, flush, memoryStorage, rawThrowingStorage, throwingLocalStorage } from './fakes.js';

describe('resolveReferralCode', () => {
  it('takes query ref first, then query code', () => {
    expect(resolveReferralCode({ search: '?ref=R1&code=C1' })).toBe('R1');
    expect(resolveReferralCode({ search: '?code=C1' })).toBe('C1');
  });

  it('lets the query win over the cookie and storage', () => {
    expect(resolveReferralCode({ search: '?code=Q', cookie: 'K', stored: 'S' })).toBe('Q');
  });

  it('falls back to the __REF cookie, then the stored registeCode', () => {
    expect(resolveReferralCode({ search: '', cookie: 'K', stored: 'S' })).toBe('K');
    expect(resolveReferralCode({ search: '?other=1', stored: 'S' })).toBe('S');
    expect(resolveReferralCode({ search: '' })).toBeUndefined();
  });

  it('accepts 1–64 chars of letters, digits, _ and -', () => {
    expect(resolveReferralCode({ search: '?ref=a' })).toBe('a');
    expect(resolveReferralCode({ search: `?ref=${'x'.repeat(64)}` })).toBe('x'.repeat(64));
    expect(resolveReferralCode({ search: '?ref=Ab_9-z' })).toBe('Ab_9-z');
  });

  it.each([
    ['empty', '?ref='],
    ['too long', `?ref=${'x'.repeat(65)}`],
    ['markup', '?ref=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['quote', '?ref=abc%22%3B'],
    ['space', '?ref=ab%20cd'],
    ['dot', '?ref=a.b'],
    ['cookie injection', '?ref=abc%3B%20Domain%3Devil.example'],
    ['non-ascii', '?ref=%C3%A9t%C3%A9'],
  ])('ignores a hostile query value (%s)', (_name, search) => {
    expect(resolveReferralCode({ search })).toBeUndefined();
    expect(resolveReferralCode({ search, cookie: 'GOOD' })).toBe('GOOD');
  });

  it('skips an invalid ref in favour of a valid code, and invalid cookie or storage values', () => {
    expect(resolveReferralCode({ search: '?ref=<x>&code=C1' })).toBe('C1');
    expect(resolveReferralCode({ search: '', cookie: 'bad value', stored: 'S' })).toBe('S');
    expect(resolveReferralCode({ search: '', cookie: 'bad value', stored: '<img>' })).toBeUndefined();
  });
});

describe('applyReferral', () => {
  it('keeps the code in __REF for 7 days and reports it with credentials', () => {
    const { doc, writes } = fakeDoc();
    const api = fakeApi();
    const code = applyReferral({ doc, search: '?ref=FRIEND1', storage: memoryStorage(), api, config });
    expect(code).toBe('FRIEND1');
    expect(writes).toEqual(['__REF=FRIEND1; Max-Age=604800; Path=/; SameSite=Lax']);
    expect(writes[0]).toContain('Max-Age=604800');
    expect(writes[0]).toContain('Path=/');
    expect(writes[0]).toContain('SameSite=Lax');
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith({
      method: 'GET',
      url: 'https://api.polybrowser.example/sys/config/ref/set',
      query: { c_v: 'FRIEND1' },
      credentials: true,
    });
  });

  it('uses the cookie, then storage, when the query has no code', () => {
    const fromCookie = fakeDoc({ cookies: { __REF: 'OLD' } });
    const api = fakeApi();
    expect(applyReferral({ doc: fromCookie.doc, search: '', storage: memoryStorage({ registeCode: 'S' }), api, config })).toBe('OLD');
    const fromStorage = fakeDoc();
    expect(applyReferral({ doc: fromStorage.doc, search: '', storage: memoryStorage({ registeCode: 'S' }), api, config })).toBe('S');
    expect(fromStorage.writes).toEqual(['__REF=S; Max-Age=604800; Path=/; SameSite=Lax']);
    expect(api.mock.calls.map(([r]) => r.query)).toEqual([{ c_v: 'OLD' }, { c_v: 'S' }]);
  });

  it('does nothing when there is no valid code', () => {
    const { doc, writes } = fakeDoc({ cookies: { __REF: '"><svg>' } });
    const api = fakeApi();
    expect(applyReferral({ doc, search: '?ref=%3Cb%3E', storage: memoryStorage(), api, config })).toBeUndefined();
    expect(writes).toEqual([]);
    expect(api).not.toHaveBeenCalled();
  });

  it('reports through the real api client: one GET with c_v and credentials include', async () => {
    const fetch = vi.fn(async () => new Response('{"code":0}'));
    const api = createApiClient({ fetch });
    const { doc } = fakeDoc();
    applyReferral({ doc, search: '?code=ABC', storage: memoryStorage(), api, config });
    await flush();
    expect(fetch).toHaveBeenCalledWith('https://api.polybrowser.example/sys/config/ref/set?c_v=ABC', {
      method: 'GET',
      credentials: 'include',
    });
  });

  it('swallows API failures (rejection, non-zero code, transport error, synchronous throw)', async () => {
    const { doc } = fakeDoc();
    const rejecting = fakeApi(async () => {
      throw new ApiError('code 1', { code: 1 });
    });
    expect(applyReferral({ doc, search: '?code=A', storage: memoryStorage(), api: rejecting, config })).toBe('A');
    const log = vi.fn();
    const broken = createApiClient({ fetch: async () => Promise.reject(new TypeError('offline')), log });
    expect(applyReferral({ doc, search: '?code=A', storage: memoryStorage(), api: broken, config })).toBe('A');
    const throwing = (() => {
      throw new Error('sync');
    }) as never;
    expect(applyReferral({ doc, search: '?code=A', storage: memoryStorage(), api: throwing, config })).toBe('A');
    await flush();
    expect(log).toHaveBeenCalledWith('req error', expect.anything());
    await expect(reportReferral(rejecting, config.api, 'A')).resolves.toBe(false);
    await expect(reportReferral(fakeApi(), config.api, 'A')).resolves.toBe(true);
  });

  it('survives cookies and storage that throw', () => {
    const { doc } = fakeDoc({ cookieThrows: true });
    const api = fakeApi();
    expect(applyReferral({ doc, search: '?ref=R', storage: throwingLocalStorage(), api, config })).toBe('R');
    expect(applyReferral({ doc, search: '', storage: rawThrowingStorage, api, config })).toBeUndefined();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
