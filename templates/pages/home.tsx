import type { PageProps } from '../../src/model/page-props.js';
import { useCaseKey } from '../../src/model/availability.js';
import { CardGrid } from '../parts/cards.js';
import { Icon, type IconName } from '../parts/icon.js';
import { Illustration } from '../parts/illustration.js';
import { CtaBand } from '../parts/page-hero.js';

export function HomePage(props: PageProps) {
  const { t, tables, pageOf, resolve, assets } = props;
  const features = tables.features.flatMap((f) => {
    const page = pageOf(`feature/${f.id}`);
    return page?.entry ? [{ page, icon: f.icon as IconName }] : [];
  });
  const solutions = pageOf('solutions')?.list?.items ?? [];
  const useCases = pageOf('use-cases');
  const latest = pageOf('blog')?.list?.items.slice(0, 3) ?? [];
  const alternatives = tables.alternatives.competitors.flatMap((a) => {
    const page = pageOf(`alternatives/${a.id}`);
    return page ? [{ page, name: a.name }] : [];
  });
  const download = resolve('/download');
  const pricing = resolve('/pricing');
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>{t('home.heroTitle')}</h1>
            <p className="lead">{t('home.heroSubtitle')}</p>
            <div className="hero-actions">
              {download ? <a className="btn btn-primary btn-lg" href={download}><Icon name="download" sprite={assets.sprite} />{t('home.ctaPrimary')}</a> : null}
              {pricing ? <a className="btn btn-ghost btn-lg" href={pricing}>{t('home.ctaSecondary')}</a> : null}
            </div>
          </div>
          {/* The product itself: the profile list in front of a profile's fingerprint settings (only the list on narrow screens). */}
          <div className="hero-art">
            <Illustration props={props} name="profiles" placement="lead" className="hero-shot" />
            <Illustration props={props} name="fingerprint" placement="lazy" className="hero-shot hero-shot-back" />
          </div>
        </div>
      </section>
      {features.length ? (
        <section className="section">
          <div className="container">
            <h2 className="section-title">{t('home.featuresTitle')}</h2>
            <div className="feature-grid">
              {features.map(({ page, icon }) => (
                <a key={page.key} className="feature" href={page.url}>
                  <span className="feature-icon"><Icon name={icon} sprite={assets.sprite} size={24} /></span>
                  <h3>{page.entry!.meta.title}</h3>
                  <p>{page.entry!.meta.description}</p>
                </a>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      {solutions.length ? (
        <section className="section section-alt">
          <div className="container">
            <h2 className="section-title">{t('home.solutionsTitle')}</h2>
            <ul className="chip-list">
              {solutions.map((entry) => {
                const page = pageOf(`solutions/${entry.id}`);
                return page ? <li key={entry.id}><a className="chip" href={page.url}>{entry.meta.title}</a></li> : null;
              })}
            </ul>
          </div>
        </section>
      ) : null}
      {useCases?.list ? (
        <section className="section">
          <div className="container">
            <h2 className="section-title">{t('home.useCasesTitle')}</h2>
            <CardGrid pages={useCases.list.items.flatMap((e) => pageOf(`use-cases/${useCaseKey(tables['use-cases'], e.id)}`) ?? [])} props={props} level={3} belowFold />
          </div>
        </section>
      ) : null}
      {latest.length ? (
        <section className="section section-alt">
          <div className="container">
            <h2 className="section-title">{t('home.latestTitle')}</h2>
            <CardGrid pages={latest.flatMap((e) => pageOf(`blog/${e.id}`) ?? [])} props={props} level={3} belowFold />
          </div>
        </section>
      ) : null}
      {alternatives.length ? (
        <section className="section">
          <div className="container">
            <h2 className="section-title">{t('home.alternativesTitle')}</h2>
            <ul className="chip-list">
              {alternatives.map(({ page, name }) => <li key={page.key}><a className="chip" href={page.url}>{t('alternatives.heading', { name })}</a></li>)}
            </ul>
          </div>
        </section>
      ) : null}
      <CtaBand props={props} />
    </>
  );
}
