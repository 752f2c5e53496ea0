import type { PageProps } from '../../src/model/page-props.js';
import { useCaseKey } from '../../src/model/availability.js';
import { CardGrid } from '../parts/cards.js';
import { formatDate } from '../parts/format.js';
import { Icon, type IconName } from '../parts/icon.js';
import { Illustration } from '../parts/illustration.js';
import { CtaBand, PageHero } from '../parts/page-hero.js';
import { Prose } from '../parts/prose.js';
import { ComparisonTable } from '../parts/comparison-table.js';
import { SiteLink } from '../parts/site-link.js';

const LIST_INTRO: Record<string, string> = {
  release: 'release.intro', partner: 'partner.intro', solutions: 'solutions.intro', 'use-cases': 'useCases.intro',
};

/** Lists of releases, partners, solutions and use cases. */
export function CardList(props: PageProps) {
  const { page, t, pageOf } = props;
  const section = String(page.section);
  const cards = props.page.list!.items.flatMap((e) => {
    const key = section === 'use-cases' ? useCaseKey(props.tables['use-cases'], e.id) : e.id;
    return pageOf(`${section}/${key}`) ?? [];
  });
  return (
    <>
      <PageHero props={props} title={t(`page.${section}`)} lead={LIST_INTRO[section] ? t(LIST_INTRO[section]!) : undefined} />
      <div className="container">
        <CardGrid pages={cards} props={props} level={2} />
      </div>
      <CtaBand props={props} />
    </>
  );
}

/** One release, partner, alternative (with its comparison table) or feature. */
export function DetailPage(props: PageProps) {
  const { page, t, locale, tables, assets } = props;
  const entry = page.entry!;
  const { meta } = entry;
  const rival = page.section === 'alternatives' ? tables.alternatives.competitors.find((a) => a.id === entry.id) : undefined;
  const competitor = rival?.name;
  const feature = page.section === 'features' ? tables.features.find((f) => f.id === entry.id) : undefined;
  return (
    <article>
      <PageHero props={props} title={meta.title} lead={meta.description}>
        {competitor ? <p className="kicker">{t('alternatives.intro', { name: competitor })}</p> : null}
        {meta.version ? (
          <p className="article-meta">
            <span className="badge">{t('release.version', { version: meta.version })}</span>
            {meta.date ? <time dateTime={meta.date}>{formatDate(meta.date, locale.hreflang)}</time> : null}
          </p>
        ) : null}
        {feature?.art ? <div className="feature-art"><Illustration props={props} name={feature.art} placement="lead" /></div>
          : feature ? <span className="hero-icon"><Icon name={feature.icon as IconName} sprite={assets.sprite} size={32} /></span> : null}
      </PageHero>
      <div className="container narrow">
        {rival ? <ComparisonTable props={props} competitor={rival} /> : null}
        <Prose html={entry.html} />
        {meta.website ? (
          <p><SiteLink className="btn btn-primary" href={meta.website} props={props}>{t('partner.visit')}</SiteLink></p>
        ) : null}
      </div>
      {page.section === 'release' || page.section === 'partner' ? null : <CtaBand props={props} />}
    </article>
  );
}

/** About us, partner plan, referral program, pre-sales. */
export function MarkdownPage(props: PageProps) {
  const entry = props.page.entry!;
  return (
    <>
      <PageHero props={props} title={entry.meta.title} lead={entry.meta.description} />
      <div className="container narrow"><Prose html={entry.html} /></div>
      <CtaBand props={props} />
    </>
  );
}

