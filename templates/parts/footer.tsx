import type { PageProps } from '../../src/model/page-props.js';
import { Icon } from './icon.js';

export function Footer(props: PageProps) {
  const { t, tables, resolve, pageOf, assets, year } = props;
  const labelOf = (route: string) => {
    const feature = pageOf(`feature${route}`);
    return feature?.entry ? feature.entry.meta.title : t(`page.${route.slice(1)}`);
  };
  const linksOf = (routes: readonly string[]) => routes.flatMap((route) => {
    const href = resolve(route);
    return href ? [{ route, href }] : [];
  });
  // A `place: bottom` group (the legal pages) is a line of links beside the copyright, not a column.
  const bottom = tables.footer.filter((group) => group.place === 'bottom');
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href={pageOf('home')?.url ?? '/'}>
            <Icon name="logo" sprite={assets.sprite} size={28} />
            <span>{t('site.name')}</span>
          </a>
          <p>{t('footer.tagline')}</p>
        </div>
        {tables.footer.filter((group) => group.place !== 'bottom').map((column) => {
          const links = linksOf(column.links);
          if (links.length === 0) return null;
          return (
            <nav key={column.column} className="footer-col" aria-label={t(`footer.${column.column}`)}>
              <h2>{t(`footer.${column.column}`)}</h2>
              <ul>{links.map((l) => <li key={l.route}><a href={l.href}>{labelOf(l.route)}</a></li>)}</ul>
            </nav>
          );
        })}
      </div>
      <div className="container footer-bottom">
        <p>© {year ? `${year} ` : ''}{t('site.name')}. {t('footer.rights')}</p>
        {bottom.map((group) => {
          const links = linksOf(group.links);
          return links.length ? (
            <nav key={group.column} className="footer-line" aria-label={t(`footer.${group.column}`)}>
              <ul>{links.map((l) => <li key={l.route}><a href={l.href}>{labelOf(l.route)}</a></li>)}</ul>
            </nav>
          ) : null;
        })}
      </div>
    </footer>
  );
}
