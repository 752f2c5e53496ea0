import type { PageProps } from '../../src/render/page-props.js';

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

function ServerError({ t, locale, resolve, pageOf }: PageProps) {
  // Spec §2: back target is the site root for ru, the localised blog path otherwise.
  const back = (locale.ownBlog ? resolve('/blog') : undefined) ?? pageOf('home')?.url ?? '/';
  const [before = '', after = ''] = t('error.autoRefresh', { seconds: '\u0000' }).split('\u0000');
  return (
    <section className="error-box" aria-labelledby="error-title" data-error-screen="" data-back={back}>
      <svg className="error-art" width="240" height="160" viewBox="0 0 240 160" aria-hidden="true">
        <rect x="20" y="30" width="200" height="110" rx="12" fill="#eef2ff" stroke="#6366f1" strokeWidth="3" />
        <text x="120" y="105" textAnchor="middle" fontSize="48" fontWeight="700" fill="#4338ca" fontFamily="system-ui, sans-serif">502</text>
      </svg>
      <h1 id="error-title">{t('error.502msg1')}</h1>
      <p>{t('error.502msg2')}</p>
      <p className="muted" aria-live="polite">{before}<span data-countdown="">5</span>{after}</p>
      <p><a className="btn btn-primary" href={back}>{t('error.back')}</a></p>
    </section>
  );
}
