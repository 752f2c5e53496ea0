const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A content date (YYYY-MM-DD) in the page's language; UTC so the result never depends on the machine. */
export function formatDate(date: string, hreflang: string): string {
  let format = dateFormats.get(hreflang);
  // Intl formatters are costly to create and are reused across the thousands of dates of a build.
  if (!format) dateFormats.set(hreflang, (format = new Intl.DateTimeFormat(hreflang, { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}
