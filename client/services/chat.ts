/**
 * Spec §4 chat. The config call names the widget (chat_info.js, a `<script src>` tag); SS_ROBOT
 * turns the open_chat flag off. Flag not '1': that widget loads directly. Flag '1': the choose call
 * picks easemob or that widget. A failed config call loads the default script (spec §8). On mobile
 * the script loads 500 ms later. Once the widget is present (found by polling, or announced by a
 * `sitegen:chat` event), `--chat-offset` on <html> is its height + 5 px, for the floating buttons.
 */
import { fetchVisitorIp } from './visitor-ip.js';
import { apiUrl, type ApiClient } from '../api/api-client.js';
import { BREAKPOINTS, FLOATING, STORAGE, TIMING } from '../constants.js';
import type { SafeStorage } from '../platform/storage.js';
import { parseHttpUrl } from '../platform/urls.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { loadScript, scriptSources } from './load-script.js';

export type ChatKind = 'SS_ROBOT' | 'SS_HUMAN' | 'HUAN_XIN';

export interface ChatTypeConfig {
  chat?: ChatKind | string;
  chat_info?: { js?: string };
}

export type ChatChoice = 'easemob' | 'ss';

export type ChatEventState = 'ready' | 'closed' | 'open';
export const CHAT_EVENT = 'sitegen:chat';
export const CHAT_OFFSET_PROPERTY = '--chat-offset';
export const CHAT_WIDGET_SELECTOR = [
  '[data-chat-widget]',
  'iframe[id*="chat" i]',
  'iframe[src*="chat" i]',
  'iframe[id*="easemob" i]',
  'iframe[src*="easemob" i]',
].join(', ');

type ChatConfig = NonNullable<RuntimeConfig['chat']>;

/** The http(s) src of the widget script in chat_info.js (a script tag, or a bare URL). */
export function chatInfoScript(js: unknown): string | undefined {
  if (typeof js !== 'string' || !js.trim()) return undefined;
  const text = js.trim();
  const candidates = text.startsWith('<') ? scriptSources(text).slice(0, 1) : [text];
  return parseHttpUrl(candidates[0])?.href;
}

/** True when the choose call decides (open_chat is '1'); otherwise the widget opens directly. */
export function needsChoose(openChat: string | undefined): boolean {
  return openChat === '1';
}

/**
 * The script to load: the default one when the config call failed (`response` undefined) or named
 * no usable widget; the easemob one when the choose call said so; the named widget otherwise.
 * Undefined when the chosen URL is not http(s).
 */
export function chatScriptFor(chat: ChatConfig, response: ChatTypeConfig | undefined, choice?: ChatChoice | string): string | undefined {
  const pick = (() => {
    if (!response) return chat.defaultScript;
    if (choice === 'easemob') return chat.easemobScript;
    return chatInfoScript(response.chat_info?.js) ?? chat.defaultScript;
  })();
  return parseHttpUrl(pick)?.href;
}

/** The value of `--chat-offset` for a widget `chatHeight` px high: 5 px above it. */
export function floatingOffset(chatHeight: number): string {
  const height = Number.isFinite(chatHeight) && chatHeight > 0 ? Math.ceil(chatHeight) : 0;
  return `${height + FLOATING.aboveChatPx}px`;
}

export interface ChatDeps {
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api' | 'clientApi' | 'locale' | 'chat'>;
  doc: Document;
  win: Pick<Window, 'innerWidth' | 'addEventListener' | 'removeEventListener'>;
  storage: SafeStorage;
  /** The visitor's IP for the choose call; defaults to the get-visitor-ip call. */
  visitorIp?: () => Promise<string | undefined>;
  /** Widget height in px; defaults to its bounding box (then offsetHeight). */
  measure?: (el: HTMLElement) => number;
}

/** Decides which script to load (the calls of spec §7); never rejects. */
export async function decideChatScript(deps: Pick<ChatDeps, 'api' | 'config' | 'storage' | 'visitorIp'>): Promise<string | undefined> {
  const { api, config, storage } = deps;
  const chat = config.chat;
  if (!chat) return undefined;
  let response: ChatTypeConfig | undefined;
  try {
    const answer = await api<ChatTypeConfig>({
      url: apiUrl(config.api, 'sys/config/register-chat/get-chat-type-config'),
      query: { lang: config.locale, type: 'www' },
    });
    response = answer.data ?? {};
  } catch {
    return chatScriptFor(chat, undefined);
  }
  if (response.chat === 'SS_ROBOT') storage.set(STORAGE.openChat, '0');
  if (!needsChoose(storage.get(STORAGE.openChat))) return chatScriptFor(chat, response);
  let choice: string | undefined;
  try {
    const ip = await (deps.visitorIp ?? (() => fetchVisitorIp(api, config).then((v) => v?.ip)))();
    const answer = await api<{ type?: string }>({
      url: `${config.clientApi}third/chat/choose`,
      query: { ip: ip ?? '', lang: config.locale },
    });
    choice = answer.data?.type;
  } catch {
    choice = undefined;
  }
  return chatScriptFor(chat, response, choice);
}

/**
 * Runs the chat: decide, load (late on mobile), then track presence. A site without chat config does
 * nothing. Returns a stop function.
 */
export function startChat(deps: ChatDeps): () => void {
  const { doc, win } = deps;
  if (!deps.config.chat) return () => {};
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let poll: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const later = (fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
  };
  // How far up from the viewport's bottom edge the chat reaches (its height plus its own bottom offset).
  const measure = deps.measure ?? ((el: HTMLElement) => {
    const rect = el.getBoundingClientRect();
    return rect.height ? Math.max(0, (doc.defaultView?.innerHeight ?? rect.bottom) - rect.top) : el.offsetHeight;
  });

  const findWidget = () => doc.querySelector<HTMLElement>(CHAT_WIDGET_SELECTOR) ?? undefined;
  const applyOffset = (height: number) => doc.documentElement.style.setProperty(CHAT_OFFSET_PROPERTY, floatingOffset(height));
  const stopPolling = () => clearInterval(poll);
  const present = (height?: number) => {
    const widget = findWidget();
    const h = height ?? (widget ? measure(widget) : undefined);
    if (h === undefined) return false;
    applyOffset(h);
    return true;
  };

  const onEvent = (event: Event) => {
    const detail = (event as CustomEvent<{ state?: ChatEventState; height?: number } | undefined>).detail;
    if (!detail || !['ready', 'closed', 'open'].includes(detail.state ?? '')) return;
    const height = typeof detail.height === 'number' && Number.isFinite(detail.height) ? detail.height : undefined;
    if (present(height)) stopPolling();
  };
  win.addEventListener(CHAT_EVENT, onEvent);

  const watchPresence = () => {
    later(() => {
      let ticks = 0;
      if (present()) return;
      poll = setInterval(() => {
        ticks += 1;
        if (present() || ticks >= TIMING.chatPollTicks) stopPolling();
      }, TIMING.chatPollMs);
    }, TIMING.chatIframeDelayMs);
  };

  const mobile = win.innerWidth <= BREAKPOINTS.mobile;
  void decideChatScript(deps).then((src) => {
    if (stopped || !src) return;
    const inject = () => {
      if (stopped) return;
      loadScript(doc, src)?.catch(() => {
        // A widget that fails to load leaves the page as it is.
      });
      watchPresence();
    };
    if (mobile) later(inject, TIMING.mobileChatScriptDelayMs);
    else inject();
  });

  return () => {
    stopped = true;
    for (const id of timers) clearTimeout(id);
    timers.clear();
    stopPolling();
    win.removeEventListener(CHAT_EVENT, onEvent);
  };
}
