// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../../../client/api/api-client.js';
import { TIMING } from '../../../../client/constants.js';
import { chatInfoScript, chatScriptFor, floatingOffset, startChat } from '../../../../client/services/chat.js';
import { injectedScripts, memoryStorage, routeApi, scriptLoadsSucceed, testConfig } from './helpers.js';

const CONFIG_URL = 'https://api.example.com/sys/config/register-chat/get-chat-type-config';
const CHOOSE_URL = 'https://client.example.com/api/third/chat/choose';
const IP_URL = 'https://api.example.com/sys/config/ip/get-visitor-ip';
const WIDGET = 'https://widget.example.net/ss-chat.js';
const DEFAULT = 'https://chat.example.com/default.js';
const EASEMOB = 'https://chat.example.com/easemob.js';

const chatConfig = (chat: string, js = `<script type="text/javascript" src="${WIDGET}" async></script>`): ApiResponse => ({
  code: 0,
  data: { chat, chat_info: { js } },
});

describe('pure helpers', () => {
  it('chatInfoScript takes the http(s) src of the script tag only', () => {
    expect(chatInfoScript(`<script src='${WIDGET}'></script>`)).toBe(WIDGET);
    expect(chatInfoScript(WIDGET)).toBe(WIDGET);
    expect(chatInfoScript('<script src="javascript:alert(1)"></script>')).toBeUndefined();
    expect(chatInfoScript('<script src="//evil.test/x.js"></script>')).toBeUndefined();
    expect(chatInfoScript('<script>alert(1)</script>')).toBeUndefined();
    expect(chatInfoScript(undefined)).toBeUndefined();
  });

  it('chatScriptFor follows the decision table', () => {
    const chat = testConfig().chat!;
    const data = chatConfig('SS_HUMAN').data as { chat_info: { js: string } };
    expect(chatScriptFor(chat, undefined)).toBe(DEFAULT);
    expect(chatScriptFor(chat, data)).toBe(WIDGET);
    expect(chatScriptFor(chat, data, 'ss')).toBe(WIDGET);
    expect(chatScriptFor(chat, data, 'easemob')).toBe(EASEMOB);
    expect(chatScriptFor(chat, { chat_info: { js: '<script src="javascript:x"></script>' } })).toBe(DEFAULT);
    expect(chatScriptFor({ ...chat, defaultScript: 'javascript:alert(1)' }, undefined)).toBeUndefined();
  });

  it('floatingOffset is the chat height plus 5 px', () => {
    expect(floatingOffset(100)).toBe('105px');
    expect(floatingOffset(59.2)).toBe('65px');
    expect(floatingOffset(0)).toBe('5px');
    expect(floatingOffset(Number.NaN)).toBe('5px');
  });
});

describe('startChat', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.style.removeProperty('--chat-offset');
    scriptLoadsSucceed(true);
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
    scriptLoadsSucceed(false);
  });

  function run(routes: Parameters<typeof routeApi>[0], options: { openChat?: string; width?: number; config?: Parameters<typeof testConfig>[0] } = {}) {
    const { api, calls } = routeApi({ [IP_URL]: { code: 0, data: { ip: '1.2.3.4' } }, ...routes });
    const storage = memoryStorage(options.openChat === undefined ? {} : { open_chat: options.openChat });
    stop = startChat({
      api,
      config: testConfig({ locale: 'zh', ...options.config }),
      doc: document,
      win: { innerWidth: options.width ?? 1280, addEventListener: window.addEventListener.bind(window), removeEventListener: window.removeEventListener.bind(window) },
      storage,
      measure: (el) => Number(el.getAttribute('data-height') ?? 0),
    });
    return { calls, storage };
  }

  it('asks the chat config with lang and type=www', async () => {
    const { calls } = run({ [CONFIG_URL]: chatConfig('SS_HUMAN') });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]).toEqual({ url: CONFIG_URL, query: { lang: 'zh', type: 'www' } });
  });

  it('open_chat not "1": loads the chat_info script directly, no choose call', async () => {
    const { calls } = run({ [CONFIG_URL]: chatConfig('SS_HUMAN') }, { openChat: '0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(injectedScripts()).toEqual([WIDGET]);
    expect(calls.map((c) => c.url)).toEqual([CONFIG_URL]);
  });

  it.each([
    ['easemob', EASEMOB],
    ['ss', WIDGET],
  ])('open_chat "1": the choose call (ip, lang) picks %s', async (type, script) => {
    const { calls } = run({ [CONFIG_URL]: chatConfig('HUAN_XIN'), [CHOOSE_URL]: { code: 0, data: { type } } }, { openChat: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.find((c) => c.url === CHOOSE_URL)).toEqual({ url: CHOOSE_URL, query: { ip: '1.2.3.4', lang: 'zh' } });
    expect(injectedScripts()).toEqual([script]);
  });

  it('a failed choose call falls back to the chat_info script', async () => {
    run({ [CONFIG_URL]: chatConfig('SS_HUMAN'), [CHOOSE_URL]: new Error('req error') }, { openChat: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(injectedScripts()).toEqual([WIDGET]);
  });

  it('SS_ROBOT sets open_chat to "0" and so opens directly', async () => {
    const { storage, calls } = run({ [CONFIG_URL]: chatConfig('SS_ROBOT'), [CHOOSE_URL]: { code: 0, data: { type: 'easemob' } } }, { openChat: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(storage.get('open_chat')).toBe('0');
    expect(calls.map((c) => c.url)).toEqual([CONFIG_URL]);
    expect(injectedScripts()).toEqual([WIDGET]);
  });

  it.each([
    ['a nonzero code', { code: 1 }],
    ['a transport failure', new Error('req error')],
  ])('config failure (%s) loads the default script', async (_name, answer) => {
    run({ [CONFIG_URL]: answer as ApiResponse | Error });
    await vi.advanceTimersByTimeAsync(0);
    expect(injectedScripts()).toEqual([DEFAULT]);
  });

  it.each(['<script src="javascript:alert(1)"></script>', '<script src="//evil.test/chat.js"></script>', '<script>alert(1)</script>'])(
    'never injects the chat_info script %j (the default loads instead)',
    async (js) => {
      run({ [CONFIG_URL]: chatConfig('SS_HUMAN', js) });
      await vi.advanceTimersByTimeAsync(0);
      expect(injectedScripts()).toEqual([DEFAULT]);
    },
  );

  it('loads nothing when the site has no chat', async () => {
    const { calls } = run({ [CONFIG_URL]: chatConfig('SS_HUMAN') }, { config: { chat: null } });
    await vi.advanceTimersByTimeAsync(TIMING.chatPollMs * 4);
    expect(calls).toEqual([]);
    expect(injectedScripts()).toEqual([]);
  });

  it('on mobile (≤ 767 px) the script loads 500 ms later', async () => {
    run({ [CONFIG_URL]: chatConfig('SS_HUMAN') }, { width: 767 });
    await vi.advanceTimersByTimeAsync(TIMING.mobileChatScriptDelayMs - 1);
    expect(injectedScripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(injectedScripts()).toEqual([WIDGET]);
  });

  it('sets --chat-offset to the widget height + 5 px once the widget appears', async () => {
    run({ [CONFIG_URL]: chatConfig('SS_HUMAN') });
    await vi.advanceTimersByTimeAsync(TIMING.chatIframeDelayMs + TIMING.chatPollMs * 3);
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('');
    document.body.insertAdjacentHTML('beforeend', '<div data-chat-widget data-height="60"></div>');
    await vi.advanceTimersByTimeAsync(TIMING.chatPollMs);
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('65px');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops looking after 1200 ticks', async () => {
    run({ [CONFIG_URL]: chatConfig('SS_HUMAN') });
    await vi.advanceTimersByTimeAsync(TIMING.chatIframeDelayMs + TIMING.chatPollMs * (TIMING.chatPollTicks - 1));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(TIMING.chatPollMs);
    expect(vi.getTimerCount()).toBe(0);
    document.body.insertAdjacentHTML('beforeend', '<div data-chat-widget data-height="60"></div>');
    await vi.advanceTimersByTimeAsync(TIMING.chatPollMs * 10);
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('');
  });

  it('a sitegen:chat event (ready, closed, open) marks the widget present and recalculates', async () => {
    run({ [CONFIG_URL]: chatConfig('SS_HUMAN') });
    await vi.advanceTimersByTimeAsync(0);
    document.body.insertAdjacentHTML('beforeend', '<iframe id="ChatFrame" data-height="50"></iframe>');
    window.dispatchEvent(new CustomEvent('sitegen:chat', { detail: { state: 'ready' } }));
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('55px');
    document.querySelector('iframe')!.setAttribute('data-height', '400');
    window.dispatchEvent(new CustomEvent('sitegen:chat', { detail: { state: 'open' } }));
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('405px');
    window.dispatchEvent(new CustomEvent('sitegen:chat', { detail: { state: 'closed', height: 50 } }));
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('55px');
    window.dispatchEvent(new CustomEvent('sitegen:chat', { detail: { state: 'bogus', height: 999 } }));
    expect(document.documentElement.style.getPropertyValue('--chat-offset')).toBe('55px');
  });
});
