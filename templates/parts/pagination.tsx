import type { PageProps } from '../../src/model/page-props.js';

/** Page numbers shown on each side of the current one; the first and last are always shown. */
const AROUND = 2;

/**
 * The numbers a list page links to: the first, the last, and a window around the current one, with
 * a gap (null) where numbers are left out: 1 … 5 6 [7] 8 9 … 340. Linking every page made each list
 * page grow with the list, and a site with 4 000 articles a locale spend quadratic time (and bytes)
 * on its list pages.
 */
export function pageNumbers(current: number, count: number): (number | null)[] {
  // A gap would hide a single number: show the number instead.
  const low = current - AROUND <= 3 ? 1 : current - AROUND;
  const high = current + AROUND >= count - 2 ? count : current + AROUND;
  const window = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  return [...(low > 1 ? [1, null] : []), ...window, ...(high < count ? [null, count] : [])];
}

export function Pagination(props: PageProps) {
  const { page, t, pageOf } = props;
  const list = page.list;
  if (!list || list.pageCount < 2) return null;
  const urlOf = (n: number) => pageOf(n === 1 ? list.firstKey : `${list.firstKey}/page/${n}`)?.url;
  return (
    <nav className="pagination" aria-label={t('a11y.pagination')}>
      {list.page > 1 ? <a rel="prev" href={urlOf(list.page - 1)}>{t('list.previous')}</a> : null}
      <ol>
        {pageNumbers(list.page, list.pageCount).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? <span className="pagination-gap">…</span> : n === list.page ? <span aria-current="page">{n}</span> : <a href={urlOf(n)} aria-label={t('list.pageN', { n })}>{n}</a>}
          </li>
        ))}
      </ol>
      {list.page < list.pageCount ? <a rel="next" href={urlOf(list.page + 1)}>{t('list.next')}</a> : null}
    </nav>
  );
}
