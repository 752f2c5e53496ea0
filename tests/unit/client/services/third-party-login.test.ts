// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../client/api/api-client.js';
import { loginTarget, thirdPartyLogin } from '../../../../client/services/third-party-login.js';
import { testConfig, wireApi } from './helpers.js';

const config = testConfig();
const form = {
  third_party: 'google',
  invite_code: 'INV1',
  language: 'en-US',
  source: 'blog',
  referer: 'https://search.test/',
  third_party_action_type: 'one_tap',
  regParam: 'cred-123',
  redirect_data: '{"a":1}',
};

function setup(answer: unknown) {
  const wire = wireApi(() => answer);
  const assign = vi.fn<(url: string) => void>();
  const open = vi.fn();
  return { ...wire, assign, open, deps: { api: wire.api, config, location: { assign }, open } };
}

describe('thirdPartyLogin', () => {
  it('POSTs every form field with credentials to the passport API', async () => {
    const { deps, sent } = setup({ code: 0, data: { token: 'tok' } });
    await thirdPartyLogin(deps, form);
    expect(sent).toEqual([{ url: 'https://api.example.com/sys/user/passport/authorized-login', method: 'POST', credentials: 'include', form }]);
  });

  it('goes to the app URL with t=<token> in the same tab', async () => {
    const { deps, assign, open } = setup({ code: 0, data: { token: 'a b&c' } });
    await expect(thirdPartyLogin(deps, form)).resolves.toBe('https://app.example.com/home?t=a+b%26c');
    expect(assign).toHaveBeenCalledWith('https://app.example.com/home?t=a+b%26c');
    expect(open).not.toHaveBeenCalled();
  });

  it('continues to cpl when it is an http(s) URL on an own domain, in a new tab when asked', async () => {
    const { deps, assign, open } = setup({ code: 0, data: { token: 'tok', cpl: 'https://app.example.com/team?x=1' } });
    await thirdPartyLogin(deps, form, { newTab: true });
    expect(open).toHaveBeenCalledWith('https://app.example.com/team?x=1&t=tok', '_blank', 'noopener');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', '//evil.test/x', 'https://evil.test/x', 'https://example.com.evil.test/'])('never goes to cpl %j', async (cpl) => {
    const { deps, assign } = setup({ code: 0, data: { token: 'tok', cpl } });
    await thirdPartyLogin(deps, form);
    expect(assign).toHaveBeenCalledWith('https://app.example.com/home?t=tok');
  });

  it('rejects with the response on a nonzero code and does not navigate', async () => {
    const { deps, assign, open } = setup({ code: 4001, msg: 'bad' });
    const error = await thirdPartyLogin(deps, form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).response).toEqual({ code: 4001, msg: 'bad' });
    expect(assign).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('rejects when code 0 comes without a token', async () => {
    const { deps, assign } = setup({ code: 0, data: {} });
    await expect(thirdPartyLogin(deps, form)).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('loginTarget refuses an app URL that is not http(s)', () => {
    expect(loginTarget({ ...config, app: { ...config.app, appUrl: 'javascript:x' } }, 't', undefined)).toBeUndefined();
  });
});
