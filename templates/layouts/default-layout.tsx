import type { ReactNode } from 'react';
import BackToTop from '../../client/islands/back-to-top.js';
import MobileBanner from '../../client/islands/mobile-banner.js';
import QrConsult from '../../client/islands/qr-consult.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Footer } from '../parts/footer.js';
import { Header } from '../parts/header.js';
import { Island } from '../parts/island.js';

export function DefaultLayout(props: PageProps & { children: ReactNode }) {
  const { t, assets, locale, appLinks } = props;
  return (
    <>
      <a className="skip-link" href="#main">{t('a11y.skipToContent')}</a>
      <Header {...props} />
      {/* What the search index holds of a page (src/search): its main content, never header, footer or widgets. */}
      <main id="main" tabIndex={-1} data-pagefind-body="">{props.children}</main>
      <Footer {...props} />
      {/* Nothing to do before the visitor scrolls; without JavaScript it is a link to #main. */}
      <Island name="back-to-top" component={BackToTop} props={{ label: t('widgets.toTop'), sprite: assets.sprite }} load="interaction" />
      {/* Spec §2: the QR consultation button is for zh only. */}
      {locale.code === 'zh' ? (
        <Island name="qr-consult" component={QrConsult} props={{ label: t('widgets.qrTitle'), alt: t('widgets.qrAlt'), image: '/images/qr-consult.svg' }} />
      ) : null}
      <Island
        name="mobile-banner"
        component={MobileBanner}
        load="mobile"
        props={{
          image: `/images/banner/register-${locale.bannerVariant}.svg`,
          title: t('look.banner.title'),
          offer: t('look.banner.offer'),
          registerUrl: appLinks.register,
          registerLabel: t('look.banner.cta'),
          closeLabel: t('banner.close'),
        }}
      />
    </>
  );
}
