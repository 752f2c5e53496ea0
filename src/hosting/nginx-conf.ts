import { HOST_CONFIG_FILES } from '../model/host-config-files.js';
import { MANIFEST_PATH, SECURITY_TXT_PATH } from '../model/product-files.js';
import type { OutputFile } from '../model/output-file.js';
import { escapeRegex } from './escape-regex.js';
import { isSplat, type HostRules, type StaticRule } from './static-rules.js';

/**
 * What nginx's configuration cannot do, by the column of the hosting table (README, measured by
 * tests/hosts on Debian's nginx); Vercel, Cloudflare and Netlify run the middleware and lack nothing.
 * Short names: they make the one-line HOSTING_UNSUPPORTED warning; docs/hosting.md tells the details.
 */
export const NGINX_GAPS = {
  // /Pricing is a 404 instead of a redirect to /pricing.
  'case-folding': 'case folding',
  // The main host's root serves English whatever the cookie myLocale or Accept-Language say.
  detection: 'locale detection',
  // /en and ?myLocale= redirect without storing the cookie.
  choice: 'remembered choice of locale',
} as const;

export interface NginxServer {
  hostRules: HostRules;
  /** Hostname the server block answers. */
  serverName: string;
  /** Folder of this host's files, relative to the document root given at deploy time. */
  folder: string;
  /** Locale path prefixes with their own 404 page ('' = host root). */
  notFoundPrefixes: readonly string[];
  /** Longer request paths get 414, as from the middleware (edge document's maxPathLength). */
  maxPathLength: number;
}

/**
 * One path segment that may be copied from the request into a Location. nginx matches and captures
 * on the percent-DECODED path, so a capture is only ever used when it is made of these characters
 * (no "%", "\", control or non-ASCII byte) and the segments are joined by single slashes: after
 * "/" or "https://host/" such a path cannot name another host.
 */
const SEGMENT = '[A-Za-z0-9._~@-]+';
const SAFE_PATH = `${SEGMENT}(?:/${SEGMENT})*`;
/** Segments the normaliser can rebuild from a path with doubled slashes ($1…$9 are all nginx has). */
const MAX_SEGMENTS = 9;
/** Set when a path was normalised internally: the location it then lands on answers with a 301. */
const NORMALISED = '$sitegen_normalised';

const HEADER = [
  '# nginx configuration written by sitegen from edge-config.json: one server block per host.',
  '# Include it in the http block after setting the folder dist/ is deployed to, for example:',
  '#   map "" $sitegen_root { default /var/www/sitegen; }',
  '#   include /var/www/sitegen/nginx.conf;',
  '#',
  '# It does what nginx can do safely: the path rules (301, query kept), the normalisations',
  '# (duplicate slashes, trailing slash, trailing .html, index.html) in the same 301 as the rule they',
  '# lead to, clean URLs, and the 404 page of the path\'s locale with status 404. It cannot detect the',
  '# visitor\'s locale (cookie, Accept-Language) or fold /Pricing to /pricing (both need the',
  '# middleware, dist/edge/middleware.js), or chain two rules in one hop (/en/vn/soultion/x takes two). A path',
  '# that would need a redirect but has characters outside [A-Za-z0-9._~@-] (or, to normalise, more',
  '# than 9 segments) gets the 404 page rather than a Location built from an unchecked path.',
].join('\n');

/**
 * An nginx `http`-context include: one server block per host. How a request is answered, in nginx's
 * own order of location matching:
 *   1. exact locations: the home page, the exact redirect rules, the 404 pages' own URLs;
 *   2. regular expressions, in order: internal files (404); any path that is not normal, which is
 *      normalised once, internally, so that 1, 3 or 4 then answers for the normal path; stacked
 *      language prefixes (/en/zh/x), answered internally as the last one (/zh/x);
 *   3. the longest prefix of a splat rule (`/en/*`);
 *   4. `location /`: the page's flat .html file, or the file itself.
 * Every miss goes to `@not_found`, which serves the locale's 404.html with status 404.
 */
export function renderNginxConf(servers: readonly NginxServer[], languageCodes: readonly string[]): OutputFile {
  return { path: 'nginx.conf', contents: `${[HEADER, ...servers.map((server) => serverBlock(server, languageCodes))].join('\n\n')}\n` };
}

function serverBlock(server: NginxServer, languageCodes: readonly string[]): string {
  const body = [
    ...settings(server),
    ...notFound(server.notFoundPrefixes),
    ...homePage(),
    ...exactRules(server.hostRules.rules.filter((rule) => !isSplat(rule)), server.serverName),
    ...splatRules(server.hostRules.rules.filter(isSplat), server.serverName),
    ...pages(),
    ...typedFiles(),
    ...internalFiles(),
    ...normaliser(),
    ...stackedLanguagePrefixes(languageCodes),
  ];
  return ['server {', ...body.map((line) => (line ? `  ${line}` : '')), '}'].join('\n');
}

function settings(server: NginxServer): string[] {
  return [
    'listen 80;',
    `server_name ${server.serverName};`,
    `root $sitegen_root/${server.folder};`,
    '# "//" reaches the locations as sent, so that it is redirected rather than served.',
    'merge_slashes off;',
    '# Same-host Locations stay relative; they are only ever single-slash paths (see the normaliser).',
    'absolute_redirect off;',
    'server_tokens off;',
    'gzip on;',
    'gzip_types text/css application/javascript application/json image/svg+xml application/xml text/plain;',
    `set ${NORMALISED} "";`,
    '# Paths longer than the middleware accepts get its answer, 414.',
    `if ($request_uri ~ "^[^?]{${server.maxPathLength + 1}}") { return 414; }`,
    '# A segment that decodes to "/", "\\" or a control character, or a dot segment, names no page;',
    '# nginx would decode or resolve it before matching, so it is refused on the raw request line.',
    'if ($request_uri ~* "^[^?]*(%2f|%5c|%[01][0-9a-f]|%7f|/(\\.|%2e){1,2}([/?]|$))") { return 404; }',
  ];
}

/**
 * The 404 page of the path's locale (the longest prefix), served with status 404 from a named
 * location, which no URL reaches. The pages' own URLs (/404, /vn/404, /404.html via the normaliser)
 * are misses too, and so is /index: the home page has one URL.
 */
function notFound(prefixes: readonly string[]): string[] {
  const locales = [...prefixes].filter(Boolean).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const lines = ['', '# Misses: the 404 page of the path\'s locale, with status 404.', 'error_page 404 @not_found;', 'location @not_found {'];
  if (locales.length) lines.push(`  rewrite "^(${locales.map(escapeRegex).join('|')})(/|$)" $1/404.html break;`);
  lines.push('  rewrite ^ /404.html break;', '}');
  for (const prefix of ['', ...locales]) lines.push(`location = ${prefix}/404 { return 404; }`);
  lines.push('location = /index { return 404; }');
  return lines;
}

function homePage(): string[] {
  return [
    '',
    '# The home page (/index.html, "//" and "/?x" are normalised to it).',
    'location = / {',
    `  if (${NORMALISED}) { return 301 /$is_args$args; }`,
    '  try_files /index.html =404;',
    '}',
  ];
}

/** Exact rules: exact locations win over every other kind, as exact rules come first in the list. */
function exactRules(rules: readonly StaticRule[], serverName: string): string[] {
  const lines = ['', '# Redirect rules for one path. `rewrite … permanent` keeps the query (after "&" when the target has one).'];
  for (const rule of rules) lines.push(`location = ${quote(rule.from)} { rewrite ^ ${quote(constantTarget(rule.to, serverName))} permanent; }`);
  return lines;
}

/**
 * Splat rules (`/en/*`) as prefix locations: nginx takes the longest matching prefix, which is the
 * list's order (longest splat first). The rest of the path goes into the Location only when it is
 * a safe path; anything else is a miss. The bare prefix (/en/) is normalised to /en first.
 */
function splatRules(rules: readonly StaticRule[], serverName: string): string[] {
  const lines = ['', '# Redirect rules for everything under a path; the longest prefix wins.'];
  for (const rule of rules) {
    const base = rule.from.slice(0, -1);
    if (!rule.to.includes(':splat')) {
      lines.push(`location ${quote(base)} { rewrite ^ ${quote(constantTarget(rule.to, serverName))} permanent; }`);
      continue;
    }
    const regex = `"^${escapeRegex(base)}(${SAFE_PATH})$"`;
    lines.push(`location ${quote(base)} { rewrite ${regex} ${quote(target(rule.to).replace(':splat', '$1'))} permanent; return 404; }`);
  }
  return lines;
}

function pages(): string[] {
  return [
    '',
    '# Pages from their flat files (/vn/pricing → vn/pricing.html, /vn → vn.html) and files as they are.',
    '# After normalisation $uri is a safe path the normaliser rebuilt, never the visitor\'s bytes.',
    'location / {',
    `  if (${NORMALISED}) { return 301 $uri$is_args$args; }`,
    '  try_files $uri $uri.html =404;',
    '}',
  ];
}

/**
 * Files whose content type nginx's mime.types does not give: the web app manifest (it has no
 * .webmanifest), and security.txt as RFC 9116 asks, text/plain with charset utf-8. Exact locations
 * win over the regular expression that refuses dotfiles, so /.well-known/security.txt is served.
 */
function typedFiles(): string[] {
  const file = (path: string, type: string, extra = '') => [
    `location = ${path} {`,
    `  if (${NORMALISED}) { return 301 $uri$is_args$args; }`,
    `  types { } default_type ${type};${extra}`,
    '  try_files $uri =404;',
    '}',
  ];
  return [
    '',
    '# The web app manifest and security.txt, with the content types their specifications give.',
    ...file(MANIFEST_PATH, 'application/manifest+json'),
    ...file(SECURITY_TXT_PATH, 'text/plain', ' charset utf-8;'),
  ];
}

function internalFiles(): string[] {
  return [
    '',
    '# Host configuration files and dotfiles are never served (regular expressions are checked before',
    '# the prefix locations above, after the exact ones).',
    `location ~ "(^|/)(${HOST_CONFIG_FILES.map(escapeRegex).join('|')})$|/\\." { return 404; }`,
  ];
}

/**
 * Paths that are not normal: rebuilt once, internally, from at most 9 safe segments, then the
 * locations are searched again with the flag set, so the rule or page the normal path leads to
 * answers with ONE 301 (`/en//pricing/` → https://…/pricing). A path still not normal after that,
 * or not made of safe segments, is a miss: never a second round, so never a rewrite cycle (a 500).
 */
function normaliser(): string[] {
  // Inside the atomic group (?>…) each "/*" gives back only the one slash its segment needs, and
  // once a parse is found it is never retried: linear time on any run of slashes.
  const segments = Array.from({ length: MAX_SEGMENTS }, (_, i) => (i ? `(?:/*(/${SEGMENT}))?` : `/*(/${SEGMENT})`)).join('');
  const captures = Array.from({ length: MAX_SEGMENTS }, (_, i) => `$${i + 1}`).join('');
  return [
    '',
    '# Not normal: "//", a trailing slash or a trailing .html (any case).',
    'location ~* "//|/$|\\.html$" {',
    `  if (${NORMALISED}) { return 404; }`,
    `  set ${NORMALISED} 1;`,
    '  rewrite "^/+$" / last;',
    '  # Single slashes, no trailing slash: each group takes one slash and a segment.',
    `  rewrite "^(?>${segments})/*$" ${captures};`,
    `  if ($uri !~ "^(/${SEGMENT})+$") { return 404; }`,
    '  # /index.html → /, /es/index.html → /es, /pricing.html → /pricing.',
    '  rewrite "^/(?i)(?:index)?\\.html$" / last;',
    '  rewrite "^(/.+)/(?i)(?:index)?\\.html$" $1 last;',
    '  rewrite "^(/.+)(?i)\\.html$" $1 last;',
    '  # No .html: the collapsed path, searched again.',
    '  rewrite ^ $uri last;',
    '}',
  ];
}

/**
 * Stacked language prefixes (`/en/*` → that language's host, the same rule on every server)
 * answered as the last one alone (/en/zh/x as /zh/x, internally), so that no stack takes more than
 * one redirect (the middleware walks them in one too). Checked after the
 * normaliser, so /en//zh/x/ is normalised first; a rest that is not a safe path is a miss.
 */
function stackedLanguagePrefixes(codes: readonly string[]): string[] {
  if (!codes.length) return [];
  const code = `(?:${codes.map(escapeRegex).join('|')})`;
  return [
    '',
    '# Language prefixes stacked (/en/zh/x): the last one decides, as with the middleware.',
    `location ~ "^/${code}/${code}(/|$)" {`,
    `  rewrite "^/(?:${code}/)+(${code}(?:/${SAFE_PATH})?)$" /$1 last;`,
    '  return 404;',
    '}',
  ];
}

/**
 * A target that carries nothing from the request: on this server's own host it is written as the
 * path alone (as the middleware answers), which is a fixed single-slash path. Targets that carry
 * the rest of the visitor's path stay absolute, so that even a bad capture stays on the host.
 */
function constantTarget(url: string, serverName: string): string {
  const parsed = new URL(url, `https://${serverName}`);
  const sameHost = parsed.hostname === serverName && !parsed.pathname.startsWith('//');
  return target(sameHost ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url);
}

/**
 * A rule's target as an nginx string: characters nginx would read as syntax or a variable ("$")
 * and anything a Location should not carry raw are percent-encoded; "%" escapes already there stay.
 */
function target(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#[\]@!&'()*+,;=%]/gu, encodeURIComponent);
}

function quote(value: string): string {
  return /[\s;{}"'\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value;
}
