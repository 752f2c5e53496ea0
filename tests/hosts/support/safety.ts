import { COOKIE } from '../../../src/model/browser-contract.js';
import { LOCALE_CODES } from '../../../src/model/locale-table.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';
import { hostKeyOf } from './hostnames.js';
import { header, type RawResponse } from './raw-http.js';
import type { HostRequest } from './target.js';

export const RUSSIAN_BLOG = 'https://blog.polybrowser-ru.example';
/** The one cookie the site sets: the locale choice, its value a locale code of the table. */
const LOCALE_COOKIE = new RegExp(`^${COOKIE.locale}=(${LOCALE_CODES.join('|')}); Max-Age=\\d+; Path=/; SameSite=Lax$`);

/**
 * What must hold for every answer, whatever was asked: a Location a browser resolves (WHATWG URL
 * parser, against the URL it asked for) to the site's own hosts or the Russian blog; no 5xx; no
 * header but the ones the site sends (one Location, Set-Cookie only for a known locale code); no
 * internal file served. Returns the problems, empty when the answer is safe.
 */
export function safetyProblems(request: HostRequest, response: RawResponse, internalFiles: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  // wrangler's local asset server answers 502 "[wrangler] Could not serve static asset" for some
  // paths it cannot map to a file (a NUL, a file name used as a folder): its own error, not the
  // site's, and only seen where no _worker.js stands in front of it.
  if (response.status >= 500 && !response.body.startsWith('[wrangler] Could not serve static asset')) problems.push(`status ${response.status}`);
  const locations = response.headers.filter(([n]) => n === 'location').map(([, v]) => v);
  if (locations.length > 1) problems.push(`${locations.length} Location headers`);
  for (const location of locations) {
    const base = `https://${HOSTNAMES[request.host]}/`;
    let resolved: URL;
    try {
      resolved = new URL(location, base);
    } catch {
      problems.push(`Location ${JSON.stringify(location)} does not parse`);
      continue;
    }
    const ours = hostKeyOf(resolved.hostname) !== undefined && resolved.protocol === 'https:' && resolved.port === '';
    if (!ours && resolved.origin !== RUSSIAN_BLOG) problems.push(`open redirect: Location ${JSON.stringify(location)} resolves to ${resolved.origin}`);
  }
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' && !LOCALE_COOKIE.test(value)) problems.push(`Set-Cookie ${JSON.stringify(value)}`);
    if (/injected|^x=|^a$|^admin$/.test(name) || /evil/.test(name)) problems.push(`injected header ${name}: ${value}`);
  }
  if (response.status >= 200 && response.status < 300) {
    for (const [path, contents] of internalFiles) {
      if (contents.length > 0 && response.body.includes(contents.slice(0, 200))) problems.push(`serves the internal file ${path}`);
    }
  }
  return problems;
}

/** `<html lang>` of an HTML answer. */
export function langOf(response: RawResponse): string | undefined {
  return /<html[^>]* lang="([^"]+)"/.exec(response.body)?.[1];
}

/** The locale code an answer stores in the locale cookie, if it sets it. */
export function cookieSetBy(response: RawResponse): string | undefined {
  const value = header(response, 'set-cookie');
  return value?.startsWith(`${COOKIE.locale}=`) ? value.slice(COOKIE.locale.length + 1).split(';')[0] : undefined;
}
