// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serverAppLink, type ReportError, applyBaseInfo, fetchBaseInfo, startBaseInfo, statisticsScripts } from '../../../../client/services/base-info.js';
import { injectedScripts, scriptLoadsSucceed, testConfig, wireApi } from './helpers.js';

const config = testConfig({ locale: 'pt' });

describe('fetchBaseInfo', () => {
  it('asks home/base-info with lang and type=home and returns data', async () => {
    const data = { title: 'T', register_url: 'https://app.example.com/r' };
    const { api, sent } = wireApi(() => ({ code: 0, data }));
    await expect(fetchBaseInfo(api, config)).resolves.toEqual(data);
    expect(sent.map((s) => s.url)).toEqual(['https://api.example.com/home/base-info?lang=pt&type=home']);
  });

  it.each([
    ['a transport failure', () => new TypeError('offline')],
    ['a nonzero code', () => ({ code: 9 })],
    ['an empty body', () => ''],
    ['no data', () => ({ code: 0 })],
  ])('falls back to {} on %s', async (_name, reply) => {
    const { api } = wireApi(reply);
    await expect(fetchBaseInfo(api, config)).resolves.toEqual({});
  });
});

describe('applyBaseInfo', () => {
  let reportError: ReturnType<typeof vi.fn<ReportError>>;

  beforeEach(() => {
    reportError = vi.fn<ReportError>();
    scriptLoadsSucceed(true);
    document.head.innerHTML = '';
    document.body.innerHTML = `
      <a data-app-link="register" href="https://static.example.com/register">Sign up</a>
      <a data-app-link="login" href="https://static.example.com/login">Log in</a>`;
  });

  const hrefs = () => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));

  it('replaces app links with http(s) register/login URLs, adding rel and lang when missing', () => {
    applyBaseInfo(document, { register_url: 'https://app.example.com/reg?rel=x', login_url: 'https://app.example.com/login' }, { config, reportError });
    expect(hrefs()).toEqual(['https://app.example.com/reg?rel=x&lang=pt', 'https://app.example.com/login?rel=official_website&lang=pt']);
  });

  it.each(['javascript:alert(1)', '//evil.test/login', 'nonsense'])('keeps the static links for %j', (url) => {
    applyBaseInfo(document, { register_url: url, login_url: url }, { config, reportError });
    expect(hrefs()).toEqual(['https://static.example.com/register', 'https://static.example.com/login']);
  });

  it('injects only <script src> with an http(s) src, async, once; inline code never runs', () => {
    const body = `
      <script>window.__pwned = 1</script>
      <script async src="https://stats.example.net/a.js"></script>
      <script src="javascript:window.__pwned=2"></script>
      <script src="//evil.test/b.js"></script>
      <img src=x onerror="window.__pwned=3">
      <script src="https://stats.example.net/c.js?id=1&amp;v=2"></script>`;
    applyBaseInfo(document, { statistical_body: body }, { config, reportError });
    applyBaseInfo(document, { statistical_body: body }, { config, reportError });
    expect(injectedScripts()).toEqual(['https://stats.example.net/a.js', 'https://stats.example.net/c.js?id=1&v=2']);
    expect([...document.querySelectorAll('script')].every((s) => s.async && s.textContent === '')).toBe(true);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(document.querySelector('img')).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });

  it("reports an injection failure with trigger 'api error'", () => {
    const failure = new Error('blocked');
    const spy = vi.spyOn(document.head, 'appendChild').mockImplementation(() => {
      throw failure;
    });
    applyBaseInfo(document, { statistical_body: '<script src="https://stats.example.net/a.js"></script>' }, { config, reportError });
    spy.mockRestore();
    expect(reportError).toHaveBeenCalledWith(failure, { trigger: 'api error' });
  });

  it("reports a statistics script that fails to load with trigger 'api error'", () => {
    scriptLoadsSucceed(false);
    applyBaseInfo(document, { statistical_body: '<script src="https://stats.example.net/a.js"></script>' }, { config, reportError });
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { trigger: 'api error' });
    scriptLoadsSucceed(true);
  });

  it('startBaseInfo applies the fetched data, and empty data on failure changes nothing', async () => {
    const ok = wireApi(() => ({ code: 0, data: { login_url: 'https://app.example.com/in?lang=en&rel=r' } }));
    await startBaseInfo({ api: ok.api, config, doc: document, reportError });
    expect(hrefs()[1]).toBe('https://app.example.com/in?lang=en&rel=r');
    const failed = wireApi(() => new TypeError('offline'));
    await expect(startBaseInfo({ api: failed.api, config, doc: document, reportError })).resolves.toEqual({});
    expect(hrefs()[1]).toBe('https://app.example.com/in?lang=en&rel=r');
    expect(injectedScripts()).toEqual([]);
  });
});

describe('pure helpers', () => {
  it('appLinkUrl and statisticsScripts refuse non-http(s) values', () => {
    expect(serverAppLink('https://a.example.com/x', 'en')).toBe('https://a.example.com/x?rel=official_website&lang=en');
    expect(serverAppLink(42, 'en')).toBeUndefined();
    expect(statisticsScripts('<script src="data:text/javascript,alert(1)"></script>')).toEqual([]);
    expect(statisticsScripts(null)).toEqual([]);
  });
});
