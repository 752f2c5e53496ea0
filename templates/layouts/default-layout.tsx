import type { ReactNode } from 'react';
import type { PageProps } from '../../src/render/page-props.js';
import { Footer } from '../parts/footer.js';
import { Header } from '../parts/header.js';
import { Icon } from '../parts/icon.js';

export function DefaultLayout(props: PageProps & { children: ReactNode }) {
  const { t, assets } = props;
  return (
    <>
      <a className="skip-link" href="#main">{t('a11y.skipToContent')}</a>
      <Header {...props} />
      <main id="main" tabIndex={-1}>{props.children}</main>
      <Footer {...props} />
      <a className="to-top" href="#main" data-island="back-to-top" aria-label={t('widgets.toTop')} title={t('widgets.toTop')}>
        <Icon name="arrowUp" sprite={assets.sprite} />
      </a>
    </>
  );
}
