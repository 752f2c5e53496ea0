import ErrorScreen from '../../client/islands/error-screen.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Island } from '../parts/island.js';

/** Spec §2/§8: 404 "Page not found: {path}" and the 502 screen with countdown and back button. */
export function ErrorPage(props: PageProps) {
  return props.page.section === 'error-502' ? <ServerError {...props} /> : <NotFound {...props} />;
}

function NotFound({ t, page, pageOf }: PageProps) {
  // The path is the visitor's URL: static hosts serve this file for every unknown path, so the
  // client runtime fills it in from location.pathname (as text, never as HTML).
  const [before = '', after = ''] = t('error.notFound', { path: '\u0000' }).split('\u0000');
  return (
    <section className="error-box" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">404</p>
      <h1 id="error-title">{t('error.notFoundTitle')}</h1>
      <p>{before}<code data-fill-path="">{page.path}</code>{after}</p>
      <p className="muted">{t('error.notFoundHint')}</p>
      <p><a className="btn btn-primary" href={pageOf('home')?.url ?? '/'}>{t('error.backHome')}</a></p>
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
