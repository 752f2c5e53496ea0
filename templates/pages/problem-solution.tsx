import type { PageProps } from '../../src/model/page-props.js';
import { Icon, type IconName } from '../parts/icon.js';
import { PageHero } from '../parts/page-hero.js';
import { Prose } from '../parts/prose.js';

/**
 * A use-case or solution page in four parts, each under an h2 (the page's outline is h1 → h2 → h3):
 * the visitor's problem (front matter `problem`), how PolyBrowser helps (the Markdown body, whose
 * headings start at h3: the build checks it), the features used (front matter `features`, linked to
 * their pages) and a call to action.
 */
export function ProblemSolutionPage(props: PageProps) {
  const { page, t, tables, assets, pageOf, resolve, appLinks } = props;
  const entry = page.entry!;
  const { meta } = entry;
  const features = (meta.features ?? []).flatMap((id) => {
    const feature = pageOf(`feature/${id}`);
    const icon = tables.features.find((f) => f.id === id)?.icon as IconName | undefined;
    return feature?.entry ? [{ feature, entry: feature.entry, icon }] : [];
  });
  const freePlan = tables.pricing.plans.find((plan) => plan.prices.USD === 0);
  const pricing = resolve('/pricing');
  return (
    <article className="problem-solution">
      <PageHero props={props} title={meta.title} lead={meta.description} />
      <div className="container narrow">
        <section className="ps-part ps-problem">
          <h2>{t('pageParts.problemSolution.problem')}</h2>
          <p>{meta.problem}</p>
        </section>
        <section className="ps-part">
          <h2>{t('pageParts.problemSolution.helps')}</h2>
          <Prose html={entry.html} />
        </section>
        {features.length ? (
          <section className="ps-part">
            <h2>{t('pageParts.problemSolution.features')}</h2>
            <ul className="ps-features">
              {features.map(({ feature, entry: f, icon }) => (
                <li key={feature.key}>
                  {icon ? <span className="ps-feature-icon"><Icon name={icon} sprite={assets.sprite} size={22} /></span> : null}
                  <h3><a href={feature.url}>{f.meta.title}</a></h3>
                  <p>{f.meta.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="ps-part ps-cta">
          <h2>{t('pageParts.problemSolution.ctaTitle')}</h2>
          {freePlan ? <p>{t('pageParts.problemSolution.ctaText', { n: freePlan.profiles, count: freePlan.profiles })}</p> : null}
          <div className="ps-cta-actions">
            <a className="btn btn-primary btn-lg" href={appLinks.register} data-app-link="register" data-track="problem-solution-register">{t('pageParts.problemSolution.ctaRegister')}</a>
            {pricing ? <a className="btn btn-ghost btn-lg" href={pricing}>{t('pageParts.problemSolution.ctaPricing')}</a> : null}
          </div>
        </section>
      </div>
    </article>
  );
}
