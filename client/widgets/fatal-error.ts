import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { TIMING } from '../constants.js';

/**
 * The fatal error screen over the page (spec §2, §8), shown when the runtime cannot recover: a chunk
 * that still fails to load after the one reload the guard allows. Plain DOM, not a React widget,
 * because the chunk that failed may be the UI chunk itself. The same words and behaviour as the 502
 * page's island (client/islands/error-screen.tsx): title, detail, a countdown from 5 s that then goes
 * to the back target, and a button that goes there at once. Every text is set as text.
 */
export function showFatalError(config: RuntimeConfig, win: Window = window): void {
  const doc = win.document;
  // Every island whose chunk failed reports it: one screen.
  if (doc.getElementById('sitegen-fatal')) return;
  const { messages } = config;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string) => {
    const el = doc.createElement(tag);
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const box = element('section');
  box.className = 'error-box';
  box.setAttribute('data-error-screen', '');
  let seconds = TIMING.errorCountdownMs / 1000;
  const count = element('span', String(seconds));
  count.setAttribute('data-countdown', '');
  const [before = '', after = ''] = messages.autoRefresh.split('{seconds}');
  const countdown = element('p');
  countdown.className = 'muted';
  countdown.setAttribute('aria-live', 'polite');
  countdown.append(before, count, after);
  const back = element('a', messages.back);
  back.className = 'btn btn-primary';
  back.href = config.errorBackUrl;
  const backLine = element('p');
  backLine.append(back);
  box.append(element('h2', messages.errorTitle), element('p', messages.errorDetail), countdown, backLine);
  const root = element('div');
  root.id = 'sitegen-fatal';
  root.append(box);
  doc.documentElement.classList.add('has-fatal-error');
  doc.body.append(root);
  const tick = () => {
    seconds -= 1;
    count.textContent = String(seconds);
    if (seconds <= 0) win.location.assign(config.errorBackUrl);
    else win.setTimeout(tick, 1000);
  };
  win.setTimeout(tick, 1000);
}
