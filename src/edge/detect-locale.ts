/**
 * Locale detection (docs/design.md "Locales"): the `myLocale` cookie when it names a locale, then the
 * Accept-Language list by q-value (q=0 excluded; per entry the exact tag, then a `zh-Hans*` style
 * prefix, then the primary language), then the fallback. Both headers are hostile input: oversized
 * or malformed parts are ignored, never thrown on.
 */
export interface DetectionTable {
  cookie: string;
  fallback: string;
  /** [tag or prefix*, locale code] in match order. */
  languages: readonly (readonly [string, string])[];
}

const MAX_HEADER = 4096;
const MAX_LANGUAGES = 32;
const LANGUAGE_TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/;
const Q_VALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

export function detectLocale(table: DetectionTable, locales: ReadonlySet<string>, cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): string {
  const fromCookie = readCookie(cookieHeader, table.cookie);
  if (fromCookie !== undefined && locales.has(fromCookie)) return fromCookie;
  for (const tag of preferredLanguages(acceptLanguage)) {
    const code = matchLanguage(table, tag);
    if (code !== undefined && locales.has(code)) return code;
  }
  return table.fallback;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.slice(0, MAX_HEADER).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Language tags by preference: highest q first, header order among equals, q=0 and junk dropped. */
export function preferredLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  for (const [index, part] of header.slice(0, MAX_HEADER).split(',').slice(0, MAX_LANGUAGES).entries()) {
    const [rawTag, ...params] = part.split(';').map((p) => p.trim());
    const tag = (rawTag ?? '').toLowerCase();
    if (!LANGUAGE_TAG.test(tag)) continue;
    let q = 1;
    const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
    if (qParam !== undefined) {
      const match = Q_VALUE.exec(qParam.toLowerCase());
      if (!match) continue;
      q = Number(match[1]);
    }
    if (q > 0) entries.push({ tag, q, index });
  }
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

function matchLanguage(table: DetectionTable, tag: string): string | undefined {
  const exact = table.languages.find(([pattern]) => !pattern.endsWith('*') && pattern.toLowerCase() === tag);
  if (exact) return exact[1];
  const prefixed = table.languages.find(([pattern]) => pattern.endsWith('*') && matchesPrefix(tag, pattern.slice(0, -1).toLowerCase()));
  if (prefixed) return prefixed[1];
  const primary = tag.split('-')[0]!;
  return table.languages.find(([pattern]) => pattern.toLowerCase() === primary)?.[1];
}

/** 'zh-hans-cn' matches prefix 'zh-hans'; 'en-gb' matches 'en-' (from the pattern 'en-*'). */
function matchesPrefix(tag: string, prefix: string): boolean {
  if (prefix.endsWith('-')) return tag.startsWith(prefix);
  return tag === prefix || tag.startsWith(`${prefix}-`);
}
