// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../../client/api/api-client.js';
import { sendSourceTracking, sourceTrackingPayload } from '../../../../client/visitor/source-tracking.js';
import { config, fakeApi } from './fakes.js';

const page = 'https://www.polybrowser.example/vn/pricing';

function parsed(form: { referer: string; source_data: string } | undefined): { referer: unknown; source_data: unknown } {
  expect(form).toBeDefined();
  return { referer: JSON.parse(form!.referer), source_data: JSON.parse(form!.source_data) };
}

describe('sourceTrackingPayload', () => {
  it('is undefined when there is no referrer, source, utm_* or bd_vid', () => {
    expect(sourceTrackingPayload({ pageUrl: page, search: '' }, config)).toBeUndefined();
    expect(sourceTrackingPayload({ pageUrl: page, search: '?foo=1&utm_source=' }, config)).toBeUndefined();
    // A callback alone, or only internal referrers, is not worth recording.
    expect(
      sourceTrackingPayload(
        { pageUrl: page, search: '', callback: 'https://app.polybrowser.example/', documentReferrer: 'https://www.polybrowser.example/', referrerCookie: 'https://skyproxy.example/' },
        config,
      ),
    ).toBeUndefined();
  });

  it('lists the distinct external referrers: cookie first, then the current referrer', () => {
    const both = sourceTrackingPayload({ pageUrl: page, search: '', referrerCookie: 'https://google.com/', documentReferrer: 'https://bing.com/?q=x' }, config);
    expect(parsed(both).referer).toEqual(['https://google.com/', 'https://bing.com/?q=x']);
    const same = sourceTrackingPayload({ pageUrl: page, search: '', referrerCookie: 'https://google.com/', documentReferrer: 'https://google.com/' }, config);
    expect(parsed(same).referer).toEqual(['https://google.com/']);
    const internal = sourceTrackingPayload({ pageUrl: page, search: '', referrerCookie: 'javascript:x', documentReferrer: 'https://google.com/' }, config);
    expect(parsed(internal).referer).toEqual(['https://google.com/']);
    const onlyInternal = sourceTrackingPayload({ pageUrl: page, search: '', source: 'fb', documentReferrer: 'https://www.polybrowser.example/' }, config);
    expect(parsed(onlyInternal).referer).toEqual([]);
  });

  it('builds source_data from the page, source, callback and the campaign parameters of the query', () => {
    const search = '?utm_source=g&utm_medium=cpc&utm_term=multi%20login&utm_content=c&utm_campaign=spring&bd_vid=123&ignored=1';
    const form = sourceTrackingPayload({ pageUrl: `${page}${search}`, search, source: 'ads', callback: 'https://app.polybrowser.example/' }, config);
    expect(parsed(form).source_data).toEqual({
      page_url: `${page}${search}`,
      source: 'ads',
      callback: 'https://app.polybrowser.example/',
      utm_source: 'g',
      utm_medium: 'cpc',
      utm_term: 'multi login',
      utm_content: 'c',
      utm_campaign: 'spring',
      bd_vid: '123',
    });
  });

  it.each([
    ['a referrer', { documentReferrer: 'https://google.com/' }],
    ['a source', { source: 'fb' }],
    ['utm_medium', { search: '?utm_medium=email' }],
    ['bd_vid', { search: '?bd_vid=abc' }],
  ])('is sent for %s alone', (_name, extra) => {
    const form = sourceTrackingPayload({ pageUrl: page, search: '', ...extra }, config);
    expect(form).toBeDefined();
  });

  it('keeps hostile query text as JSON data, never as structure', () => {
    const search = '?utm_source=%22%2C%22source%22%3A%22x';
    const data = parsed(sourceTrackingPayload({ pageUrl: page, search }, config)).source_data as Record<string, unknown>;
    expect(data.utm_source).toBe('","source":"x');
    expect(data.source).toBeUndefined();
  });
});

describe('sendSourceTracking', () => {
  it('POSTs the form to record-source', async () => {
    const api = fakeApi();
    const sent = await sendSourceTracking(api, config, { pageUrl: page, search: '?utm_source=g', source: 'fb' });
    expect(sent).toBe(true);
    expect(api).toHaveBeenCalledWith({
      method: 'POST',
      url: 'https://api.polybrowser.example/sys/user/passport/record-source',
      form: { referer: '[]', source_data: JSON.stringify({ page_url: page, source: 'fb', utm_source: 'g' }) },
    });
  });

  it('sends a urlencoded body through the real api client', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{"code":0}'));
    await sendSourceTracking(createApiClient({ fetch }), config, { pageUrl: page, search: '', documentReferrer: 'https://google.com/' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.polybrowser.example/sys/user/passport/record-source');
    expect(init?.method).toBe('POST');
    const body = init?.body as URLSearchParams;
    expect(body.get('referer')).toBe('["https://google.com/"]');
    expect(JSON.parse(body.get('source_data')!)).toEqual({ page_url: page });
  });

  it('sends nothing when there is nothing to record', async () => {
    const api = fakeApi();
    await expect(sendSourceTracking(api, config, { pageUrl: page, search: '' })).resolves.toBe(false);
    expect(api).not.toHaveBeenCalled();
  });

  it('never rejects on API failures or a broken config', async () => {
    const rejecting = fakeApi(async () => {
      throw new ApiError('res error');
    });
    await expect(sendSourceTracking(rejecting, config, { pageUrl: page, search: '', source: 'x' })).resolves.toBe(false);
    const log = vi.fn();
    const empty = createApiClient({ fetch: async () => new Response(''), log });
    await expect(sendSourceTracking(empty, config, { pageUrl: page, search: '', source: 'x' })).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith('res error', expect.anything());
    await expect(sendSourceTracking(fakeApi(), {} as never, { pageUrl: page, search: '', source: 'x' })).resolves.toBe(false);
  });
});
