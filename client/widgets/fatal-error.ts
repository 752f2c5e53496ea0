import type { RuntimeConfig } from '../../src/model/browser-contract.js';

/**
 * Shows the fatal error screen over the page (spec §2): used when the runtime cannot recover, e.g.
 * a chunk that still fails to load after the one reload the guard allows.
 */
export async function showFatalError(config: RuntimeConfig): Promise<void> {
  const [{ renderWidget }, { default: ErrorScreen }] = await Promise.all([import('./mount-widget.js'), import('../islands/error-screen.js')]);
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
