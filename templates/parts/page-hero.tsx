import type { ReactNode } from 'react';
import type { PageProps } from '../../src/model/page-props.js';
import { Breadcrumbs } from './breadcrumbs.js';

export function PageHero({ props, title, lead, children }: { props: PageProps; title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <Breadcrumbs {...props} />
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** The call to action that closes most pages: download and pricing. */
export function CtaBand({ props }: { props: PageProps }) {
  const { t, resolve, page } = props;
  // Never offer a link to the page the visitor is already on.
  const unlessHere = (url: string | undefined) => (url === page.url ? undefined : url);
  const download = unlessHere(resolve('/download'));
  const pricing = unlessHere(resolve('/pricing'));
  return (
    <section className="cta-band">
      <div className="container cta-inner">
        <p className="cta-title">{t('site.tagline')}</p>
        <div className="cta-actions">
          {download ? <a className="btn btn-primary btn-lg" href={download}>{t('home.ctaPrimary')}</a> : null}
          {pricing ? <a className="btn btn-light btn-lg" href={pricing}>{t('home.ctaSecondary')}</a> : null}
        </div>
      </div>
    </section>
  );
}
