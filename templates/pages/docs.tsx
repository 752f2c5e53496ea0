import type { PageProps } from '../../src/model/page-props.js';
import { docsPageKey } from '../../src/model/availability.js';
import { CardGrid } from '../parts/cards.js';
import { PageHero } from '../parts/page-hero.js';
import { Prose } from '../parts/prose.js';

function DocsNav({ props }: { props: PageProps }) {
  const { pageOf, page, t } = props;
  const index = pageOf('docs');
  const pages = index?.list?.items ?? [];
  // A disclosure, closed: on phones and tablets the list of pages would stand above the page's own
  // text; from 992 px CSS shows it as an open sidebar (pages.css, "Docs").
  return (
    <nav className="docs-nav" aria-label={t('docs.contents')}>
      <details>
        <summary>{t('docs.contents')}</summary>
        <ol>
          {pages.map((entry) => {
            const target = pageOf(`docs/${docsPageKey(props.tables.docs, props.locale.code, entry.id)}`);
            return target ? <li key={entry.id}><a href={target.url} aria-current={target.key === page.key ? 'page' : undefined}>{entry.meta.title}</a></li> : null;
          })}
        </ol>
      </details>
    </nav>
  );
}


export function DocsIndex(props: PageProps) {
  const { t, page, pageOf } = props;
  return (
    <>
      <PageHero props={props} title={t('page.docs')} lead={t('docs.intro')} />
      <div className="container">
        <CardGrid pages={(page.list?.items ?? []).flatMap((e) => pageOf(`docs/${docsPageKey(props.tables.docs, props.locale.code, e.id)}`) ?? [])} props={props} level={2} />
      </div>
    </>
  );
}

export function DocsPage(props: PageProps) {
  const entry = props.page.entry!;
  const sections = entry.headings.filter((h) => h.depth === 2);
  return (
    <>
      <PageHero props={props} title={entry.meta.title} lead={entry.meta.description} />
      <div className="container docs-layout">
        <DocsNav props={props} />
        <div className="docs-content">
          {sections.length > 1 ? (
            <div className="toc">
              <ul>{sections.map((h) => <li key={h.id}><a href={`#${h.id}`}>{h.text}</a></li>)}</ul>
            </div>
          ) : null}
          <Prose html={entry.html} />
        </div>
      </div>
    </>
  );
}
