import type { PageProps } from '../../src/model/page-props.js';
import { featureNameKey, isFreePlan, levelKey, pricingFaq, type Tables } from '../../src/model/data-tables.js';
import type { CurrencyCode } from '../../src/model/locale-table.js';
import { formatCount, formatPrice } from '../../src/render/format-price.js';
import { FaqList } from '../parts/faq-list.js';
import { Icon } from '../parts/icon.js';
import { Island } from '../parts/island.js';
import { CtaBand, PageHero } from '../parts/page-hero.js';
import Tooltip from '../../client/islands/tooltip.js';

type Pricing = Tables['pricing'];
type Plan = Pricing['plans'][number];
type Feature = Pricing['features'][number];

/**
 * The pricing page: plan cards priced in the locale's currency with a switch to the others, the plan
 * comparison, and the pricing questions of the FAQ. The switch is radios and CSS (pricing.css): every
 * amount is in the HTML, the locale's shown and the others (price-other) hidden until their radio is
 * picked, so it needs no script.
 */
export function PricingPage(props: PageProps) {
  const { t, tables, faq } = props;
  const { plans, currencies, features } = tables.pricing;
  const order = currencyOrder(props.locale.currency, currencies);
  return (
    <>
      <PageHero props={props} title={t('page.pricing')} lead={t('pricing.subtitle')} />
      <div className="container pricing-plans">
        <fieldset className="currency-switch">
          <legend>{t('pricingPage.currency')}</legend>
          {order.map((code) => (
            <label key={code}>
              <input type="radio" name="currency" value={code} defaultChecked={code === props.locale.currency} />
              <span>{code} <span className="currency-symbol" aria-hidden="true">{currencies[code].symbol}</span></span>
            </label>
          ))}
        </fieldset>
        <div className="plan-grid">
          {plans.map((plan, i) => <PlanCard key={plan.id} props={props} plan={plan} previous={plans[i - 1]} order={order} />)}
        </div>
      </div>
      <section className="compare" aria-labelledby="compare-title">
        <div className="container">
          <h2 id="compare-title">{t('pricingPage.compare.title')}</h2>
          {/* The table's own scrolling box, named by its caption: focusable so keyboard users can scroll it. */}
          <section className="compare-scroll" aria-labelledby="compare-caption" tabIndex={0}>
            <CompareTable props={props} plans={plans} features={features} />
          </section>
        </div>
      </section>
      <section className="pricing-faq" aria-labelledby="pricing-faq-title">
        <div className="container narrow">
          <h2 id="pricing-faq-title">{t('pricingPage.faqTitle')}</h2>
          <FaqList items={pricingFaq(faq)} />
        </div>
      </section>
      <CtaBand props={props} />
    </>
  );
}

/** The locale's currency, then the others in pricing.yaml's order. */
function currencyOrder(own: CurrencyCode, currencies: Pricing['currencies']): CurrencyCode[] {
  return [own, ...(Object.keys(currencies) as CurrencyCode[]).filter((code) => code !== own)];
}

function PlanCard({ props, plan, previous, order }: { props: PageProps; plan: Plan; previous: Plan | undefined; order: CurrencyCode[] }) {
  const { t, tables, locale, assets, appLinks, resolve } = props;
  const check = <Icon name="check" sprite={assets.sprite} size={18} />;
  const enterprise = plan.id === 'enterprise';
  return (
    <section className={`plan${plan.popular ? ' plan-popular' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      {plan.popular ? <p className="badge">{t('pricing.popular')}</p> : null}
      <h2 id={`plan-${plan.id}`}>{t(`pricing.plan.${plan.id}`)}</h2>
      <p className="plan-desc">{t(`pricing.planDesc.${plan.id}`)}</p>
      <p className="price">
        {isFreePlan(plan) ? <span className="price-free">{t('pricingPage.free')}</span> : (
          <>
            {order.map((code) => (
              <span key={code} className={code === locale.currency ? 'price-amount' : 'price-amount price-other'} data-currency={code}>{formatPrice(plan.prices[code], code, tables.pricing.currencies, locale)}</span>
            ))}
            <span className="price-period">{t('pricing.perMonth')}</span>
          </>
        )}
      </p>
      <ul className="plan-features">
        <li>
          {check} <span>{t('pricing.profiles', { n: formatCount(plan.profiles, locale.hreflang), count: plan.profiles })}</span>
          <Island name="tooltip" component={Tooltip} props={{ id: `hint-profiles-${plan.id}`, label: t('pricing.profilesHint'), text: t('pricing.profilesHint') }} load="visible" />
        </li>
        <li>
          {check} <span>{t('pricing.members', { n: formatCount(plan.members, locale.hreflang), count: plan.members })}</span>
          <Island name="tooltip" component={Tooltip} props={{ id: `hint-members-${plan.id}`, label: t('pricing.membersHint'), text: t('pricing.membersHint') }} load="visible" />
        </li>
        {previous ? <li className="plan-plus">{t('pricingPage.plus', { plan: t(`pricing.plan.${previous.id}`) })}</li> : null}
        {addedFeatures(tables.pricing.features, plan, previous).map(({ id, value }) => (
          <li key={id}>{check} <span>{typeof value === 'string' ? t(levelKey(value)) : t(featureNameKey(id))}</span></li>
        ))}
      </ul>
      <a className={`btn ${plan.popular ? 'btn-primary' : 'btn-ghost'}`} {...planLink(enterprise ? resolve('/pre-sales') : undefined, appLinks.register)}>
        {enterprise ? t('pricing.contact') : t('pricing.choose')}
      </a>
    </section>
  );
}

/** What a plan has that the plan before it has not (everything it has, for the first): its card lists these. */
function addedFeatures(features: readonly Feature[], plan: Plan, previous: Plan | undefined): { id: string; value: true | string }[] {
  return features.flatMap(({ id, plans }) => {
    const value = plans[plan.id];
    if (value === undefined || value === false || (previous && plans[previous.id] === value)) return [];
    return [{ id, value }];
  });
}

/** Plan buttons lead to registration (marked so the runtime can add the referral code), or to a contact page. */
function planLink(contactUrl: string | undefined, registerUrl: string) {
  return contactUrl ? { href: contactUrl } : { href: registerUrl, 'data-app-link': 'register', 'data-track': 'pricing-register' };
}

/** Profiles and members of each plan, then each row of pricing.yaml's features: a row per feature, a column per plan. */
function CompareTable({ props, plans, features }: { props: PageProps; plans: readonly Plan[]; features: readonly Feature[] }) {
  const { t, locale, assets } = props;
  const cell = (value: boolean | string | undefined) => {
    if (typeof value === 'string') return t(levelKey(value));
    // The mark is for the eye; the words are for screen readers.
    return value
      ? <><Icon name="check" sprite={assets.sprite} size={18} /><span className="visually-hidden">{t('pricingPage.compare.included')}</span></>
      : <><span className="compare-no" aria-hidden="true">—</span><span className="visually-hidden">{t('pricingPage.compare.notIncluded')}</span></>;
  };
  const counts = (name: string, of: (plan: Plan) => number) => (
    <tr>
      <th scope="row">{t(name)}</th>
      {plans.map((plan) => <td key={plan.id}>{formatCount(of(plan), locale.hreflang)}</td>)}
    </tr>
  );
  return (
    <table className="compare-table">
      <caption id="compare-caption">{t('pricingPage.compare.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('pricingPage.compare.feature')}</th>
          {plans.map((plan) => <th key={plan.id} scope="col">{t(`pricing.plan.${plan.id}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {counts('pricingPage.compare.profiles', (plan) => plan.profiles)}
        {counts('pricingPage.compare.members', (plan) => plan.members)}
        {features.map((feature) => (
          <tr key={feature.id}>
            <th scope="row">{t(featureNameKey(feature.id))}</th>
            {plans.map((plan) => <td key={plan.id}>{cell(feature.plans[plan.id])}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
