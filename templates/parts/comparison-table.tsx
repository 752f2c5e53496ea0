import type { PageProps } from '../../src/model/page-props.js';
import type { Tables } from '../../src/model/data-tables.js';
import { formatCount, formatPrice } from '../../src/render/format-price.js';
import { formatDate } from './format.js';

type Competitor = Tables['alternatives']['competitors'][number];
type Cells = Competitor['compare'];
/** The rows, in the order the table shows them (messages pageParts.comparison.rows.<row>). */
const ROWS = ['priceFrom', 'freePlan', 'profiles', 'members', 'fingerprint', 'mobile', 'api', 'synchronizer', 'proxyManager', 'platforms'] as const;
type Row = (typeof ROWS)[number];
/** A cell's text, and a class for words that rate (yes / limited / no) so they can be told apart at a glance. */
interface Cell { text: string; rating?: string }

/**
 * PolyBrowser against one competitor, row by row, from data/alternatives.yaml. PolyBrowser's price,
 * free plan, profiles and members come from pricing.yaml and its platforms from downloads.yaml, so
 * the table never disagrees with the pricing and download pages. Prices are in USD for both columns:
 * competitors publish theirs in dollars, and one currency keeps the row comparable.
 */
export function ComparisonTable({ props, competitor }: { props: PageProps; competitor: Competitor }) {
  const { t, tables, locale } = props;
  const ours = polybrowserCells(tables);
  const cell = (row: Row, cells: Cells): Cell => cellOf(row, cells, props);
  const us = t('site.name');
  return (
    <section className="comparison">
      <h2>{t('pageParts.comparison.heading', { name: competitor.name })}</h2>
      {/* A region of its own that scrolls sideways when the table is wider than the phone; focusable for the keyboard. */}
      <section className="comparison-scroll" aria-label={t('pageParts.comparison.heading', { name: competitor.name })} tabIndex={0}>
        <table className="comparison-table">
          {/* The h2 above is the visible title; the caption names the table for screen readers without being cut off where the box scrolls. */}
          <caption className="visually-hidden">{t('pageParts.comparison.caption', { name: competitor.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pageParts.comparison.rowHeader')}</th>
              <th scope="col" className="comparison-us">{us}</th>
              <th scope="col">{competitor.name}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => {
              const [mine, theirs] = [cell(row, ours), cell(row, competitor.compare)];
              return (
                <tr key={row}>
                  <th scope="row">{t(`pageParts.comparison.rows.${row}`)}</th>
                  <td className={mine.rating ? `comparison-us rating-${mine.rating}` : 'comparison-us'}>{mine.text}</td>
                  <td className={theirs.rating ? `rating-${theirs.rating}` : undefined}>{theirs.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <p className="comparison-note">{t('pageParts.comparison.note', { name: competitor.name, date: formatDate(tables.alternatives.checked, locale.hreflang) })}</p>
    </section>
  );
}

/** PolyBrowser's column, in the competitors' terms: the cheapest paid plan, the free plan's profiles, the largest plan's limits. */
function polybrowserCells(tables: Tables): Cells {
  const { plans } = tables.pricing;
  const paid = plans.filter((p) => p.prices.USD > 0);
  return {
    ...tables.alternatives.polybrowser,
    priceFrom: Math.min(...paid.map((p) => p.prices.USD)),
    freePlan: plans.some((p) => p.prices.USD === 0) ? 'yes' : 'no',
    profiles: Math.max(...plans.map((p) => p.profiles)),
    members: Math.max(...plans.map((p) => p.members)),
    platforms: [...new Set(tables.downloads.map((d) => d.os))],
  };
}

function cellOf(row: Row, cells: Cells, { t, tables, locale }: PageProps): Cell {
  const word = (value: string, rating?: string): Cell => ({ text: t(`pageParts.comparison.values.${value}`), rating });
  switch (row) {
    case 'priceFrom':
      return { text: t('pageParts.comparison.values.priceFrom', { price: formatPrice(cells.priceFrom, 'USD', tables.pricing.currencies, locale) }) };
    case 'profiles':
    case 'members': {
      const value = cells[row];
      return typeof value === 'number' ? { text: t('pageParts.comparison.values.upTo', { n: formatCount(value, locale.hreflang) }) } : word(value);
    }
    case 'fingerprint':
      return word(cells.fingerprint);
    case 'platforms':
      return { text: new Intl.ListFormat(locale.hreflang, { style: 'short', type: 'unit' }).format(cells.platforms.map((p) => t(`pageParts.comparison.platforms.${p}`))) };
    default:
      return word(cells[row], cells[row]);
  }
}
