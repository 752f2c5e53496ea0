import SiteSearch from '../../client/islands/search.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Island } from '../parts/island.js';
import { NotFoundSuggestions } from '../parts/not-found-suggestions.js';
import { PageHero } from '../parts/page-hero.js';
import { searchIslandProps } from '../parts/site-search.js';

/**
 * The locale's search page (/search, /vn/search, …): the results for ?q= of its address, searched
 * in the browser (client/islands/search.tsx). Without JavaScript it says so in the page's language,
 * and the site's main sections (as on the 404 page) are the way on; they stay below the results too.
 * The page is noindex and in no sitemap or search index (src/route/build-pages.ts).
 */
export function SearchPage(props: PageProps) {
  const { t } = props;
  const island = searchIslandProps(props, 'page');
  return (
    <>
      <PageHero props={props} title={t('search.title')} lead={t('search.intro')} />
      <div className="container narrow search-page">
        {island ? <Island name="search" component={SiteSearch} props={island} load="idle" /> : null}
        <noscript><p className="search-no-script">{t('search.noScript')}</p></noscript>
        <NotFoundSuggestions {...props} />
      </div>
    </>
  );
}
