import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import ErrorScreen from '../islands/error-screen.js';
import { renderWidget } from './mount-widget.js';

/**
 * Shows the fatal error screen over the page (spec §2): used when the runtime cannot recover, e.g.
 * a chunk that still fails to load after the one reload the guard allows.
 */
export function showFatalError(config: RuntimeConfig): void {
  const { messages } = config;
  document.documentElement.classList.add('has-fatal-error');
  renderWidget('sitegen-fatal', ErrorScreen, {
    title: messages.errorTitle,
    detail: messages.errorDetail,
    autoRefresh: messages.autoRefresh,
    back: messages.back,
    backUrl: config.errorBackUrl,
    heading: 'h2',
  });
}
