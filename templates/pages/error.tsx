import ErrorScreen from '../../client/islands/error-screen.js';
import { NOT_FOUND_SLOT } from '../../src/model/browser-contract.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Island } from '../parts/island.js';
import { NotFoundSuggestions } from '../parts/not-found-suggestions.js';

/** Spec §2/§8: the 404 page ("Page not found: {path}") and the 502 screen with countdown and back button. */
export function ErrorPage(props: PageProps) {
  return props.page.section === 'error-502' ? <ServerError {...props} /> : <NotFound {...props} />;
}

/**
 * One file per locale serves every unknown path of that locale, so the path is not in it: the slot
 * (NOT_FOUND_SLOT) is hidden and empty. The edge fills it in as escaped text where it runs
 * (src/edge/not-found-page.ts), the client runtime from location.pathname on static hosts; a visitor
 * without either sees no path rather than a wrong one. "Go back" needs history: the runtime shows it.
 */
function NotFound(props: PageProps) {
  const { t, pageOf } = props;
  const [before = '', after = ''] = t('notFoundPage.path', { path: '\u0000' }).split('\u0000');
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">404</p>
      <h1 id="not-found-title">{t('notFoundPage.title')}</h1>
      <p className="not-found-path" {...{ [NOT_FOUND_SLOT]: '' }} hidden>{before}<code></code>{after}</p>
      <p className="muted">{t('notFoundPage.hint')}</p>
      <p className="not-found-actions">
        <a className="btn btn-primary" href={pageOf('home')?.url ?? '/'}>{t('notFoundPage.home')}</a>
        <button type="button" className="btn btn-ghost" data-go-back="" hidden>{t('notFoundPage.goBack')}</button>
      </p>
      <NotFoundSuggestions {...props} />
    </section>
  );
}

/** The 502 screen is an island: the countdown runs and then goes to the back target (spec §2). */
function ServerError({ runtime }: PageProps) {
  const { messages } = runtime;
  return (
    <Island
      name="error-screen"
      component={ErrorScreen}
      props={{ title: messages.errorTitle, detail: messages.errorDetail, autoRefresh: messages.autoRefresh, back: messages.back, backUrl: runtime.errorBackUrl }}
    />
  );
}
