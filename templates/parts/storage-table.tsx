import { COOKIE, COOKIE_DAYS } from '../../src/model/browser-contract.js';
import type { PageProps } from '../../src/model/page-props.js';
import { STORAGE } from '../../client/constants.js';

type Category = 'necessary' | 'functional' | 'attribution' | 'analytics';

/**
 * What the cookie policy lists: every cookie and storage entry the client runtime writes, named by
 * the constants the runtime itself uses, so a renamed cookie is renamed here too. The records are
 * keyed by those constants' keys: a cookie or storage key added to the runtime does not compile
 * until it is described here. Purposes are messages (pageParts.legal.purposes.<key>).
 */
const COOKIES: Record<keyof typeof COOKIE, Category> = {
  locale: 'necessary',
  consent: 'necessary',
  referral: 'attribution',
  referrer: 'attribution',
  device: 'analytics',
};

/** isPush is a storage key of spec §3 that the runtime only names and never writes. */
const STORED: Record<Exclude<keyof typeof STORAGE, 'isPush'>, { category: Category; session?: true }> = {
  registerCode: { category: 'attribution' },
  source: { category: 'attribution' },
  openChat: { category: 'functional' },
  analyticsQueue: { category: 'analytics' },
  fingerprintSent: { category: 'analytics' },
  lastReload: { category: 'necessary', session: true },
};

export function StorageTable({ props }: { props: PageProps }) {
  const { t, locale } = props;
  const count = new Intl.NumberFormat(locale.hreflang);
  const rows = [
    ...Object.entries(COOKIES).map(([key, category]) => {
      const days = COOKIE_DAYS[key as keyof typeof COOKIE_DAYS];
      return { key, name: COOKIE[key as keyof typeof COOKIE], category, kept: t('pageParts.legal.days', { n: count.format(days), count: days }), type: t('pageParts.legal.cookie') };
    }),
    ...Object.entries(STORED).map(([key, { category, session }]) => ({
      key, name: STORAGE[key as keyof typeof STORED], category,
      kept: t(session ? 'pageParts.legal.untilTabCloses' : 'pageParts.legal.untilCleared'),
      type: t(session ? 'pageParts.legal.sessionStorage' : 'pageParts.legal.localStorage'),
    })),
  ];
  return (
    <section className="legal-storage">
      <h2>{t('pageParts.legal.storageTitle')}</h2>
      <section className="legal-table-scroll" aria-label={t('pageParts.legal.storageTitle')} tabIndex={0}>
        <table className="legal-table">
          <caption className="visually-hidden">{t('pageParts.legal.storageCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pageParts.legal.name')}</th>
              <th scope="col">{t('pageParts.legal.purpose')}</th>
              <th scope="col">{t('pageParts.legal.kept')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row"><code>{row.name}</code><span className="legal-type">{row.type}</span></th>
                <td>{t(`pageParts.legal.purposes.${row.key}`)}<span className={`legal-category legal-category-${row.category}`}>{t(`pageParts.legal.categories.${row.category}`)}</span></td>
                <td>{row.kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
