import type { CurrencyCode, Locale } from '../model/locale-table.js';
import type { Tables } from '../model/data-tables.js';

type CurrencyTable = Tables['pricing']['currencies'];

/**
 * Spec §9: thousands separators, at most one decimal by default; $ and R$ before the number, zł and
 * ₫ after; VND shown in thousands with a K suffix. Separators follow the page's language (1,299.5 in
 * English, 1.299,5 in Portuguese), so a price reads naturally wherever it is shown.
 */
export function formatPrice(amount: number, currency: CurrencyCode, currencies: CurrencyTable, locale: Pick<Locale, 'hreflang'>, decimals = 1): string {
  const spec = currencies[currency];
  if (!spec) throw new Error(`no currency ${currency} in pricing.yaml`);
  // "0K ₫" would read oddly: amounts under a thousand are shown as they are.
  const inThousands = spec.thousands === 'K' && amount >= 1000;
  const value = inThousands ? amount / 1000 : amount;
  const number = numberFormat(locale.hreflang, decimals).format(value);
  const figure = inThousands ? `${number}K` : number;
  // A one-character symbol sits against the number ($9.9); longer ones get a no-break space (R$ 49.9, 39 zł).
  const gap = spec.symbol.length === 1 && spec.position === 'before' ? '' : '\u00a0';
  return spec.position === 'before' ? `${spec.symbol}${gap}${figure}` : `${figure}${gap}${spec.symbol}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(hreflang: string, decimals: number): Intl.NumberFormat {
  const key = `${hreflang}/${decimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(hreflang, { maximumFractionDigits: decimals, minimumFractionDigits: 0, useGrouping: true })));
  return format;
}

/** A whole number with the grouping of the page language (1,000 / 1 000 / 1.000), from the shared formatter cache. */
export function formatCount(value: number, hreflang: string): string {
  return numberFormat(hreflang, 0).format(value);
}
