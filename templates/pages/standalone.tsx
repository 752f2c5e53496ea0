import type { PageProps } from '../../src/model/page-props.js';
import { formatCount, formatPrice } from '../../src/render/format-price.js';
import type { CurrencyCode } from '../../src/model/locale-table.js';
import { Icon, type IconName } from '../parts/icon.js';
import { CtaBand, PageHero } from '../parts/page-hero.js';
import { Island } from '../parts/island.js';
import { SiteLink } from '../parts/site-link.js';
import Tooltip from '../../client/islands/tooltip.js';

const CURRENCIES: CurrencyCode[] = ['USD', 'BRL', 'PLN', 'VND'];

export function PricingPage(props: PageProps) {
  const { t, tables, locale, appLinks, assets, resolve } = props;
  const { plans, currencies } = tables.pricing;
  const others = CURRENCIES.filter((c) => c !== locale.currency);
  return (
    <>
      <PageHero props={props} title={t('page.pricing')} lead={t('pricing.subtitle')} />
      <div className="container">
        <div className="plan-grid">
          {plans.map((plan) => (
            <section key={plan.id} className={`plan${plan.popular ? ' plan-popular' : ''}`} aria-labelledby={`plan-${plan.id}`}>
              {plan.popular ? <p className="badge">{t('pricing.popular')}</p> : null}
              <h2 id={`plan-${plan.id}`}>{t(`pricing.plan.${plan.id}`)}</h2>
              <p className="plan-desc">{t(`pricing.planDesc.${plan.id}`)}</p>
              <p className="price">
                <span className="price-amount" data-currency={locale.currency}>{formatPrice(plan.prices[locale.currency], locale.currency, currencies, locale)}</span>
                <span className="price-period">{t('pricing.perMonth')}</span>
              </p>
              <p className="price-others">
                {t('pricing.otherCurrencies')}{' '}
                {others.map((c, i) => <span key={c} data-currency={c}>{i ? ' · ' : ''}{formatPrice(plan.prices[c], c, currencies, locale)}</span>)}
              </p>
              <ul className="plan-features">
                <li>
                  <Icon name="check" sprite={assets.sprite} size={18} /> {t('pricing.profiles', { n: formatCount(plan.profiles, locale.hreflang), count: plan.profiles })}{' '}
                  <Island name="tooltip" component={Tooltip} props={{ id: `hint-profiles-${plan.id}`, label: t('pricing.profilesHint'), text: t('pricing.profilesHint') }} load="visible" />
                </li>
                <li>
                  <Icon name="check" sprite={assets.sprite} size={18} /> {t('pricing.members', { n: formatCount(plan.members, locale.hreflang), count: plan.members })}{' '}
                  <Island name="tooltip" component={Tooltip} props={{ id: `hint-members-${plan.id}`, label: t('pricing.membersHint'), text: t('pricing.membersHint') }} load="visible" />
                </li>
              </ul>
              <a className={`btn ${plan.popular ? 'btn-primary' : 'btn-ghost'}`} {...planLink(plan.id === 'enterprise' ? resolve('/pre-sales') : undefined, appLinks.register)}>
                {plan.id === 'enterprise' ? t('pricing.contact') : t('pricing.choose')}
              </a>
            </section>
          ))}
        </div>
      </div>
      <CtaBand props={props} />
    </>
  );
}

/** Plan buttons lead to registration (marked so the runtime can add the referral code), or to a contact page. */
function planLink(contactUrl: string | undefined, registerUrl: string) {
  return contactUrl ? { href: contactUrl } : { href: registerUrl, 'data-app-link': 'register', 'data-track': 'pricing-register' };
}

const OS_ICON: Record<string, IconName> = { windows: 'windows', mac: 'apple', linux: 'linux' };

export function DownloadPage(props: PageProps) {
  const { t, tables, assets } = props;
  const groups = ['windows', 'mac', 'linux'] as const;
  return (
    <>
      <PageHero props={props} title={t('page.download')} lead={t('download.subtitle')} />
      <div className="container">
        <div className="download-grid">
          {groups.map((os) => (
            <section key={os} className="download-card" aria-labelledby={`os-${os}`}>
              <span className="download-icon"><Icon name={OS_ICON[os]!} sprite={assets.sprite} size={40} /></span>
              <h2 id={`os-${os}`}>{t(`download.${os}`)}</h2>
              <ul>
                {tables.downloads.filter((d) => d.os === os).map((d) => (
                  <li key={d.system}>
                    <a className="btn btn-primary" href={d.fallbackUrl} data-download-system={d.system} data-track="download" rel="nofollow">
                      <Icon name="download" sprite={assets.sprite} size={18} /> {t(`download.${d.label}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p className="note">{t('download.requirements')}</p>
      </div>
    </>
  );
}

export function FaqPage(props: PageProps) {
  const { t, faq } = props;
  return (
    <>
      <PageHero props={props} title={t('page.faq')} lead={t('faq.intro')} />
      <div className="container narrow">
        <div className="faq-list">
          {faq.map((item, i) => (
            <details key={i} className="faq-item" open={i === 0}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </div>
      <CtaBand props={props} />
    </>
  );
}

export function LinksPage(props: PageProps) {
  const { t, tables } = props;
  return (
    <>
      <PageHero props={props} title={t('page.links')} lead={t('links.intro')} />
      <div className="container narrow">
        <ul className="link-list">
          {tables.links.map((link) => (
            <li key={link.url}>
              <SiteLink href={link.url} props={props}>{link.name}</SiteLink>
              <span className="link-host">{new URL(link.url).host}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
