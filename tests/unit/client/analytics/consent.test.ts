// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient, type ApiRequest } from '../../../../client/api/api-client.js';
import { consentNeeded, readConsent, recordConsent } from '../../../../client/analytics/consent.js';
import { fetchVisitorIp } from '../../../../client/services/visitor-ip.js';

const config = { api: 'https://api.example.com/' };

beforeEach(() => {
  document.cookie = 'sitegen_consent=; Max-Age=0; Path=/';
});

describe('consentNeeded', () => {
  const EU = ['DE', 'FR', 'IT'];
  it.each([
    // country, list, cookie, expected
    ['DE', [], undefined, 'granted'],
    [undefined, [], undefined, 'granted'],
    ['DE', [], 'denied', 'granted'],
    ['US', EU, undefined, 'granted'],
    ['DE', EU, undefined, 'ask'],
    ['de', EU, undefined, 'ask'],
    [' fr ', ['fr'], undefined, 'ask'],
    [undefined, EU, undefined, 'ask'],
    ['', EU, undefined, 'ask'],
    [null, EU, undefined, 'ask'],
    ['DE', EU, 'granted', 'granted'],
    ['DE', EU, 'denied', 'denied'],
    ['US', EU, 'denied', 'denied'],
    [undefined, EU, 'granted', 'granted'],
    ['DE', EU, 'garbage', 'ask'],
    ['US', null, undefined, 'granted'],
  ] as const)('country %j, list %j, cookie %j → %s', (country, list, cookie, expected) => {
    expect(consentNeeded(country, list, cookie)).toBe(expected);
  });
});

describe('consent cookie', () => {
  it('records the answer for 365 days and reads it back', () => {
    expect(readConsent(document)).toBeUndefined();
    recordConsent(document, true);
    expect(readConsent(document)).toBe('granted');
    recordConsent(document, false);
    expect(readConsent(document)).toBe('denied');
  });

  it('writes the expected cookie string', () => {
    const written: string[] = [];
    const doc = { get cookie() { return ''; }, set cookie(v: string) { written.push(v); } } as unknown as Document;
    recordConsent(doc, true);
    expect(written).toEqual([`sitegen_consent=granted; Max-Age=${365 * 86400}; Path=/; SameSite=Lax`]);
  });
});

describe('fetchVisitorIp', () => {
  const info = { ip: '203.0.113.9', ua: 'UA', language: 'de', ip_data: { timezone: 'Europe/Berlin', country: 'DE', region: 'BE', city: 'Berlin' } };

  it('GETs {api}/sys/config/ip/get-visitor-ip and returns data', async () => {
    const requests: ApiRequest[] = [];
    const api = (async (request: ApiRequest) => {
      requests.push(request);
      return { code: 0, data: info };
    }) as ApiClient;
    await expect(fetchVisitorIp(api, config)).resolves.toEqual(info);
    expect(requests).toEqual([{ url: 'https://api.example.com/sys/config/ip/get-visitor-ip' }]);
  });

  it('returns undefined when the call fails or has no data', async () => {
    const rejecting = vi.fn(async () => {
      throw new ApiError('code 1');
    }) as unknown as ApiClient;
    await expect(fetchVisitorIp(rejecting, config)).resolves.toBeUndefined();
    const throwing = (() => {
      throw new Error('sync');
    }) as unknown as ApiClient;
    await expect(fetchVisitorIp(throwing, config)).resolves.toBeUndefined();
    const empty = (async () => ({ code: 0 })) as ApiClient;
    await expect(fetchVisitorIp(empty, config)).resolves.toBeUndefined();
  });
});
