/**
 * Spec §2/§9 Google one-tap: 3 s after start the Google script loads, the prompt is shown, and a
 * returned credential logs in through the third-party login (google, one_tap). While it runs, the
 * credential-picker iframe is kept on top (z-index 1e9), checked every 500 ms for 20 minutes.
 */
import type { ApiClient } from '../api/api-client.js';
import { TIMING } from '../constants.js';
import { parseHttpUrl } from '../platform/urls.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { loadScript } from './load-script.js';
import { loginLanguage } from '../visitor/login-language.js';
import { thirdPartyLogin, type ThirdPartyLoginForm } from './third-party-login.js';

export const CREDENTIAL_PICKER_SELECTOR = '#credential_picker_container, #credential_picker_iframe, iframe[src*="accounts.google.com/gsi"]';

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; cancel_on_tap_outside: boolean }): void;
  prompt(): void;
}

export interface OneTapDeps {
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api' | 'app' | 'ownDomains' | 'oneTap' | 'locale' | 'messages'>;
  doc: Document;
  /** Where `google` appears once the script has loaded (window). */
  global?: object;
  location: { assign(url: string): void };
  open?: (url: string, target: string, features: string) => unknown;
  toast(message: string, kind: 'error' | 'success'): void;
  /** Read when a credential arrives, so a referral code saved meanwhile is included. */
  fields?: () => Pick<ThirdPartyLoginForm, 'invite_code' | 'source' | 'referer' | 'redirect_data'>;
  newTab?: boolean;
}

/** The one-tap script is https only, or http on localhost / 127.0.0.1 (tests). */
export function isAllowedOneTapScript(src: string): boolean {
  const url = parseHttpUrl(src);
  if (!url) return false;
  return url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
}

/** Sets z-index 1e9 on every credential-picker element present; returns how many there were. */
export function raiseCredentialPicker(doc: Document): number {
  const elements = doc.querySelectorAll<HTMLElement>(CREDENTIAL_PICKER_SELECTOR);
  for (const el of elements) el.style.zIndex = String(TIMING.credentialPickerZIndex);
  return elements.length;
}

/** Starts one-tap (nothing happens when the page has no one-tap config); returns a stop function. */
export function startOneTap(deps: OneTapDeps): () => void {
  const oneTap = deps.config.oneTap;
  if (!oneTap || !oneTap.clientId || !isAllowedOneTapScript(oneTap.scriptUrl)) return () => {};
  let stopped = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  let pollEnd: ReturnType<typeof setTimeout> | undefined;
  const stopPicker = () => {
    clearInterval(poll);
    clearTimeout(pollEnd);
  };

  const onCredential = (response: { credential?: string } | undefined) => {
    const credential = response?.credential;
    const fail = () => deps.toast(deps.config.messages.oneTapFailed, 'error');
    if (typeof credential !== 'string' || !credential) return fail();
    const form: ThirdPartyLoginForm = {
      ...deps.fields?.(),
      third_party: 'google',
      third_party_action_type: 'one_tap',
      regParam: credential,
      language: loginLanguage(deps.config.locale),
    };
    thirdPartyLogin(deps, form, { newTab: deps.newTab }).catch(fail);
  };

  const begin = () => {
    if (stopped) return;
    poll = setInterval(() => raiseCredentialPicker(deps.doc), TIMING.credentialPickerPollMs);
    pollEnd = setTimeout(stopPicker, TIMING.credentialPickerStopMs);
    const loading = loadScript(deps.doc, oneTap.scriptUrl);
    loading?.then(
      () => {
        if (stopped) return;
        const id = googleId(deps.global ?? globalThis);
        if (!id) return stopPicker();
        try {
          id.initialize({ client_id: oneTap.clientId, callback: onCredential, cancel_on_tap_outside: false });
          id.prompt();
        } catch {
          stopPicker();
        }
      },
      () => stopPicker(),
    );
  };

  const delay = setTimeout(begin, TIMING.oneTapDelayMs);
  return () => {
    stopped = true;
    clearTimeout(delay);
    stopPicker();
  };
}

function googleId(global: object): GoogleId | undefined {
  const id = (global as { google?: { accounts?: { id?: Partial<GoogleId> } } }).google?.accounts?.id;
  return id && typeof id.initialize === 'function' && typeof id.prompt === 'function' ? (id as GoogleId) : undefined;
}
