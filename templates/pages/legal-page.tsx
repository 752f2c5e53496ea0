import type { PageProps } from '../../src/model/page-props.js';
import { formatDate } from '../parts/format.js';
import { PageHero } from '../parts/page-hero.js';
import { Prose } from '../parts/prose.js';
import { StorageTable } from '../parts/storage-table.js';

/**
 * Privacy policy, terms of use, cookie policy: the Markdown text under its date, with no call to
 * action (a sales band under a legal text reads wrong). The cookie policy starts with the table of
 * the cookies and storage entries the site really sets (parts/storage-table.tsx).
 */
export function LegalPage(props: PageProps) {
  const { page, t, locale } = props;
  const entry = page.entry!;
  const { updated } = entry.meta;
  return (
    <article className="legal-page">
      <PageHero props={props} title={entry.meta.title} lead={entry.meta.description}>
        {updated ? <p className="article-meta"><time dateTime={updated}>{t('pageParts.legal.updated', { date: formatDate(updated, locale.hreflang) })}</time></p> : null}
      </PageHero>
      <div className="container narrow">
        {entry.id === 'cookie-policy' ? <StorageTable props={props} /> : null}
        <Prose html={entry.html} />
      </div>
    </article>
  );
}
