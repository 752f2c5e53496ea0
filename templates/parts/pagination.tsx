import type { PageProps } from '../../src/render/page-props.js';

export function Pagination(props: PageProps) {
  const { page, t, pageOf } = props;
  const list = page.list;
  if (!list || list.pageCount < 2) return null;
  const urlOf = (n: number) => pageOf(n === 1 ? list.firstKey : `${list.firstKey}/page/${n}`)?.url;
  const numbers = Array.from({ length: list.pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={t('a11y.pagination')}>
      {list.page > 1 ? <a rel="prev" href={urlOf(list.page - 1)}>{t('list.previous')}</a> : null}
      <ol>
        {numbers.map((n) => (
          <li key={n}>{n === list.page ? <span aria-current="page">{n}</span> : <a href={urlOf(n)} aria-label={t('list.pageN', { n })}>{n}</a>}</li>
        ))}
      </ol>
      {list.page < list.pageCount ? <a rel="next" href={urlOf(list.page + 1)}>{t('list.next')}</a> : null}
    </nav>
  );
}
