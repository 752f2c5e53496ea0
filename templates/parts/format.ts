const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Each date as written, by language and date: list pages show the same dates again and again. */
const written = new Map<string, string>();

/** A content date (YYYY-MM-DD) in the page's language; UTC so the result never depends on the machine. */
export function formatDate(date: string, hreflang: string): string {
  const key = `${hreflang} ${date}`;
  let text = written.get(key);
  if (text === undefined) {
    let format = dateFormats.get(hreflang);
    // Intl formatters are costly to create and are reused across the thousands of dates of a build.
    if (!format) dateFormats.set(hreflang, (format = new Intl.DateTimeFormat(hreflang, { dateStyle: 'long', timeZone: 'UTC' })));
    written.set(key, (text = format.format(new Date(`${date}T00:00:00Z`))));
  }
  return text;
}
