// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../../client/constants.js';
import { isAllowedOneTapScript, startOneTap } from '../../../../client/services/one-tap.js';
import { injectedScripts, routeApi, scriptLoadsSucceed, testConfig } from './helpers.js';

const LOGIN = 'https://api.example.com/sys/user/passport/authorized-login';

type Callback = (response: { credential?: string }) => void;

function fakeGoogle() {
  let callback: Callback | undefined;
  const initialize = vi.fn((options: { callback: Callback }) => {
    callback = options.callback;
  });
  const prompt = vi.fn();
  return {
    global: { google: { accounts: { id: { initialize, prompt } } } },
    initialize,
    prompt,
    credential: (credential?: string) => callback?.({ credential }),
  };
}

describe('startOneTap', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    scriptLoadsSucceed(true);
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
    scriptLoadsSucceed(false);
  });

  function run(answer: Parameters<typeof routeApi>[0][string], overrides: Parameters<typeof testConfig>[0] = {}) {
    const google = fakeGoogle();
    const { api, calls } = routeApi({ [LOGIN]: answer });
    const toast = vi.fn();
    const assign = vi.fn();
    stop = startOneTap({
      api,
      config: testConfig({ locale: 'vn', ...overrides }),
      doc: document,
      global: google.global,
      location: { assign },
      toast,
      fields: () => ({ invite_code: 'INV', source: 'ads', referer: 'https://search.test/' }),
    });
    return { google, calls, toast, assign };
  }

  it('does nothing for 3 s, then loads the script and prompts', async () => {
    const { google } = run({ code: 0, data: { token: 'tok' } });
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs - 1);
    expect(injectedScripts()).toEqual([]);
    expect(google.initialize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const script = document.querySelector('script')!;
    expect(script.getAttribute('src')).toBe('https://accounts.google.com/gsi/client');
    expect(script.async).toBe(true);
    expect(google.initialize).toHaveBeenCalledWith({ client_id: 'client-1', callback: expect.any(Function), cancel_on_tap_outside: false });
    expect(google.prompt).toHaveBeenCalledTimes(1);
  });

  it('logs in with the credential (google, one_tap) and goes to the app', async () => {
    const { google, calls, assign, toast } = run({ code: 0, data: { token: 'tok' } });
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs);
    google.credential('jwt-credential');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: LOGIN,
        credentials: true,
        form: {
          invite_code: 'INV',
          source: 'ads',
          referer: 'https://search.test/',
          third_party: 'google',
          third_party_action_type: 'one_tap',
          regParam: 'jwt-credential',
          language: 'vi-VN',
        },
      },
    ]);
    expect(assign).toHaveBeenCalledWith('https://app.example.com/home?t=tok');
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the localized failure toast when the login is rejected', async () => {
    const { google, toast, assign } = run({ code: 500, msg: 'no' }, { messages: { ...testConfig().messages, oneTapFailed: '注册失败！' } });
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs);
    google.credential('jwt');
    await vi.advanceTimersByTimeAsync(0);
    expect(toast).toHaveBeenCalledWith('注册失败！', 'error');
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the credential picker at z-index 1e9, polled every 500 ms, for 20 minutes', async () => {
    run({ code: 0, data: { token: 'tok' } });
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs);
    document.body.innerHTML = '<div id="credential_picker_container"></div><iframe src="https://accounts.google.com/gsi/iframe/select"></iframe>';
    await vi.advanceTimersByTimeAsync(TIMING.credentialPickerPollMs);
    for (const el of document.querySelectorAll<HTMLElement>('#credential_picker_container, iframe')) {
      expect(el.style.zIndex).toBe('1000000000');
    }
    await vi.advanceTimersByTimeAsync(TIMING.credentialPickerStopMs);
    document.body.innerHTML = '<iframe id="credential_picker_iframe"></iframe>';
    await vi.advanceTimersByTimeAsync(TIMING.credentialPickerPollMs * 4);
    expect(document.querySelector<HTMLElement>('#credential_picker_iframe')!.style.zIndex).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('swallows a script load error and stops polling', async () => {
    scriptLoadsSucceed(false);
    const { google } = run({ code: 0, data: { token: 'tok' } });
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs);
    expect(injectedScripts()).toHaveLength(1);
    expect(google.initialize).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['no config', { oneTap: null }],
    ['javascript: script', { oneTap: { clientId: 'c', scriptUrl: 'javascript:alert(1)' } }],
    ['protocol-relative script', { oneTap: { clientId: 'c', scriptUrl: '//evil.test/gsi' } }],
    ['plain http script', { oneTap: { clientId: 'c', scriptUrl: 'http://evil.test/gsi' } }],
  ])('never injects anything with %s', async (_name, overrides) => {
    const { google } = run({ code: 0, data: { token: 'tok' } }, overrides);
    await vi.advanceTimersByTimeAsync(TIMING.oneTapDelayMs * 2);
    expect(injectedScripts()).toEqual([]);
    expect(google.initialize).not.toHaveBeenCalled();
  });
});

describe('isAllowedOneTapScript', () => {
  it('allows https, and http only on localhost', () => {
    expect(isAllowedOneTapScript('https://accounts.google.com/gsi/client')).toBe(true);
    expect(isAllowedOneTapScript('http://localhost:4000/gsi.js')).toBe(true);
    expect(isAllowedOneTapScript('http://127.0.0.1/gsi.js')).toBe(true);
    expect(isAllowedOneTapScript('http://example.com/gsi.js')).toBe(false);
    expect(isAllowedOneTapScript('javascript:alert(1)')).toBe(false);
  });
});
