import type { PageProps } from '../../src/model/page-props.js';

export function Breadcrumbs({ page, t }: PageProps) {
  if (page.breadcrumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('a11y.breadcrumb')}>
      <ol>
        {page.breadcrumbs.map((crumb, i) => {
          const label = 'text' in crumb.label ? crumb.label.text : t(crumb.label.key, { n: page.list?.page ?? 1 });
          const last = i === page.breadcrumbs.length - 1;
          return <li key={crumb.url}>{last ? <span aria-current="page">{label}</span> : <a href={crumb.url}>{label}</a>}</li>;
        })}
      </ol>
    </nav>
  );
}
