// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../client/api/api-client.js';
import { startVisitor } from '../../../../client/visitor/start-visitor.js';
import { config, fakeApi, fakeDoc, flush, memoryStorage, rawThrowingStorage, throwingLocalStorage } from './fakes.js';

const base = 'https://www.polybrowser.example/vn/';
const at = (search: string) => ({ href: `${base}${search}`, search });

describe('startVisitor', () => {
  it('lets a fresh query win over stored state and runs every step', async () => {
    const { doc, writes, jar } = fakeDoc({
      cookies: { __REF: 'OLDREF', _POWER_REFERRER: 'https://google.com/' },
      referrer: 'https://bing.com/',
      html: '<a id="r" data-app-link="register" href="https://app.polybrowser.example/register">R</a>',
    });
    const storage = memoryStorage({ registeCode: 'STORED', source: 'oldsrc' });
    const api = fakeApi();
    const location = at('?code=NEWCODE&source=newsletter&cb=https%3A%2F%2Fapp.polybrowser.example%2Fpay&utm_medium=email');

    const state = startVisitor({ doc, location, storage, api, config });
    await flush();

    expect(state).toEqual({ referralCode: 'NEWCODE', source: 'newsletter', callback: 'https://app.polybrowser.example/pay' });
    expect(Object.fromEntries(storage.data)).toEqual({ registeCode: 'NEWCODE', source: 'newsletter' });
    expect(writes).toEqual([
      '__REF=NEWCODE; Max-Age=604800; Path=/; SameSite=Lax',
      `_POWER_REFERRER=${encodeURIComponent('https://bing.com/')}; Max-Age=31536000; Path=/; SameSite=Lax`,
    ]);
    expect(jar.get('_POWER_REFERRER')).toBe('https://bing.com/');
    expect(api.mock.calls.map(([request]) => request)).toEqual([
      { method: 'GET', url: 'https://api.polybrowser.example/sys/config/ref/set', query: { c_v: 'NEWCODE' }, credentials: true },
      {
        method: 'POST',
        url: 'https://api.polybrowser.example/sys/user/passport/record-source',
        form: {
          // The earlier referrer (cookie) is read before this page replaces it.
          referer: JSON.stringify(['https://google.com/', 'https://bing.com/']),
          source_data: JSON.stringify({
            page_url: location.href,
            source: 'newsletter',
            callback: 'https://app.polybrowser.example/pay',
            utm_medium: 'email',
          }),
        },
      },
    ]);
    const href = new URL(doc.getElementById('r')!.getAttribute('href')!);
    expect(Object.fromEntries(href.searchParams)).toEqual({ rel: 'official_website', lang: 'vn', from: location.href, code: 'NEWCODE' });
  });

  it('source only clears the stored code, so the __REF cookie decides', () => {
    const { doc } = fakeDoc({ cookies: { __REF: 'COOKIEREF' } });
    const storage = memoryStorage({ registeCode: 'STORED' });
    const state = startVisitor({ doc, location: at('?source=fb'), storage, api: fakeApi(), config });
    expect(Object.fromEntries(storage.data)).toEqual({ source: 'fb' });
    expect(state.referralCode).toBe('COOKIEREF');
    expect(state.source).toBe('fb');
  });

  it('a plain internal visit sends nothing and writes nothing', () => {
    const { doc, writes } = fakeDoc({ referrer: 'https://www.polybrowser.example/blog' });
    const api = fakeApi();
    const state = startVisitor({ doc, location: at(''), storage: memoryStorage(), api, config });
    expect(state).toEqual({ referralCode: undefined, source: undefined, callback: undefined });
    expect(writes).toEqual([]);
    expect(api).not.toHaveBeenCalled();
  });

  it('ignores hostile query values throughout', () => {
    const { doc, writes } = fakeDoc({ html: '<a id="r" data-app-link="register" href="https://app.polybrowser.example/register">R</a>' });
    const storage = memoryStorage();
    const api = fakeApi();
    const state = startVisitor({
      doc,
      location: at('?ref=%3Cscript%3E&code=a%22b&source=%3Cimg%3E&cb=javascript%3Aalert(1)'),
      storage,
      api,
      config,
    });
    expect(state).toEqual({ referralCode: undefined, source: undefined, callback: undefined });
    expect(storage.data.size).toBe(0);
    expect(writes).toEqual([]);
    expect(api).not.toHaveBeenCalled();
    expect(doc.getElementById('r')!.getAttribute('href')).not.toContain('code=');
  });

  it('never throws when storage, cookies, referrer and the API all fail', async () => {
    const api = fakeApi(async () => {
      throw new ApiError('req error');
    });
    for (const storage of [throwingLocalStorage(), rawThrowingStorage]) {
      const { doc } = fakeDoc({ cookieThrows: true, referrerThrows: true, html: '<a id="r" data-app-link="login">L</a>' });
      const state = startVisitor({ doc, location: at('?code=ABC&source=s&utm_source=x'), storage, api, config });
      expect(state.referralCode).toBe('ABC');
      expect(doc.getElementById('r')!.getAttribute('href')).toBe('https://app.polybrowser.example/login?rel=official_website&lang=vn');
    }
    await flush();
    expect(api).toHaveBeenCalled();
  });

  it('never throws on a malformed config or a throwing location', () => {
    const location = {
      get href(): string {
        throw new Error('href');
      },
      get search(): string {
        throw new Error('search');
      },
    };
    expect(() => startVisitor({ doc: fakeDoc().doc, location, storage: memoryStorage(), api: fakeApi(), config: {} as never })).not.toThrow();
    expect(() => startVisitor({ doc: fakeDoc().doc, location: at('?code=A&source=b'), storage: memoryStorage(), api: fakeApi(), config: {} as never })).not.toThrow();
  });
});
