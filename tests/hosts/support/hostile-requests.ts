/**
 * Hostile requests sent raw over TCP (see raw-http.ts) to every real server that hosts the built
 * site (nginx, workerd, `sitegen serve`, ...). The corpus holds no expected outcomes: the tests
 * check the same invariants on every answer (no redirect off the site, no header injection, no 5xx,
 * no internal file served). Every request here is one a malicious client can put on the wire: a raw
 * CR, LF, NUL or space would break the request line, so those are always percent-encoded; a raw tab,
 * backslash or non-ASCII character (sent as UTF-8) is fine. Everything is deterministic.
 */
import type { HostKey, HostRequest } from './target.js';

export interface HostileRequest extends HostRequest {
  name: string;
  kind: string;
}

type HostileKind =
  | 'backslash'
  | 'double-slash'
  | 'encoded'
  | 'control'
  | 'unicode-slash'
  | 'at-sign'
  | 'scheme'
  | 'traversal'
  | 'nul'
  | 'bad-percent'
  | 'long'
  | 'host-header'
  | 'accept-language'
  | 'cookie'
  | 'query'
  | 'internal-file'
  | 'method';

type Extra = Partial<Omit<HostileRequest, 'kind' | 'host' | 'path'>>;

/** A readable, bounded rendering of a path or header value for test names. */
function show(text: string): string {
  const escaped = text.replace(/[\x00-\x1f\x7f-\uffff]/g, (c) =>
    c === '\t' ? '\\t' : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
  return escaped.length > 70 ? `${escaped.slice(0, 40)}… (${text.length} chars)` : escaped;
}

function req(kind: HostileKind, host: HostKey, path: string, extra: Extra = {}): HostileRequest {
  const name = extra.name ?? `${kind} ${host}: ${extra.method ?? 'GET'} ${show(path)}`;
  return { ...extra, name, kind, host, path };
}

/** The same kind over a list of [host, path] pairs. */
function many(kind: HostileKind, pairs: [HostKey, string][]): HostileRequest[] {
  return pairs.map(([host, path]) => req(kind, host, path));
}

const HOSTS: HostKey[] = ['main', 'zh', 'ru'];

/** Files of the build output that are configuration, never content. */
const INTERNAL_FILES = [
  '/_redirects',
  '/_headers',
  '/_worker.js',
  '/_routes.json',
  '/nginx.conf',
  '/edge-config.json',
  '/edge-config.items.json',
  '/.sitegen/pages.json',
  '/.vercel/output/config.json',
  '/edge/middleware.js',
];

/** '/_redirects' → '/%5Fredirects': the first character after the slash percent-encoded. */
function encodeFirst(path: string): string {
  return `/%${path.charCodeAt(1).toString(16).toUpperCase()}${path.slice(2)}`;
}

/** 300 distinct two-letter language tags with decreasing q-values. */
const THREE_HUNDRED_LANGUAGES = Array.from({ length: 300 }, (_, i) => {
  const tag = String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
  return `${tag};q=0.${String(999 - i * 3).padStart(3, '0')}`;
}).join(', ');

export const HOSTILE_REQUESTS: HostileRequest[] = [
  // Backslashes, raw and encoded: browsers read "\" as "/", so "/\evil.com" in a Location is off-site.
  ...many('backslash', [
    ['main', '/\\evil.com'],
    ['main', '/\\evil.com/'],
    ['main', '/%5Cevil.com/'],
    ['main', '/\\evil.com.html'],
    ['main', '/%5cevil.com.html'],
    ['main', '/\\evil.com/index.html'],
    ['main', '/en/%5Cevil.com'],
    ['main', '/en/\\evil.com'],
    ['main', '/en/%5c%5cevil.com/'],
    ['main', '/\\/evil.com'],
    ['main', '/%5C%5Cevil.com'],
    ['main', '/\\\\evil.com'],
    ['main', '/%5C/evil.com'],
    ['main', '/ru/\\evil.com'],
    ['main', '/zh/%5Cevil.com'],
    ['main', '/soultion/\\evil.com'],
    ['main', '/soultions/%5C%5Cevil.com'],
    ['main', '/case/%5cevil.com'],
    ['main', '/vn/\\evil.com'],
    ['main', '/es\\evil.com'],
    ['main', '/pricing/\\evil.com'],
    ['zh', '/zh/\\evil.com'],
    ['zh', '/zh/%5C%5Cevil.com'],
    ['zh', '/en/\\evil.com'],
    ['zh', '/\\evil.com/'],
    ['ru', '/ru/\\evil.com'],
    ['ru', '/ru/%5Cevil.com'],
    ['ru', '/blog/\\evil.com'],
    ['ru', '/blog/%5cevil.com'],
    ['ru', '/news/\\\\evil.com'],
    ['ru', '/\\evil.com'],
  ]),

  // "//" at the start or after a prefix: a Location of "//evil.com" is protocol-relative, off-site.
  ...many('double-slash', [
    ['main', '//evil.com'],
    ['main', '///evil.com'],
    ['main', '////evil.com'],
    ['main', '//evil.com/'],
    ['main', '//evil.com.html'],
    ['main', '//evil.com/index.html'],
    ['main', '//pricing'],
    ['main', '//pricing/'],
    ['main', '/en//evil.com'],
    ['main', '/en///evil.com/'],
    ['main', '/ru//evil.com'],
    ['main', '/zh//evil.com'],
    ['main', '/es//evil.com'],
    ['main', '/vn//evil.com'],
    ['main', '/soultion//evil.com'],
    ['main', '/case//evil.com'],
    ['main', '/pricing//evil.com'],
    ['zh', '/zh//evil.com'],
    ['zh', '/en//evil.com'],
    ['zh', '/ru//evil.com/'],
    ['zh', '//evil.com/'],
    ['ru', '/ru//evil.com'],
    ['ru', '/blog//evil.com'],
    ['ru', '/news//evil.com'],
    ['ru', '/guide//evil.com.html'],
    ['ru', '/blog-//evil.com'],
    ['ru', '/en//evil.com'],
    ['ru', '//evil.com'],
  ]),

  // Encoded slashes and dots (%2F, %2f, %2e, %2E): decoded after routing, they can forge "//" or "..".
  ...many('encoded', [
    ['main', '/%2F%2Fevil.com'],
    ['main', '/%2f%2fevil.com'],
    ['main', '/%2F%2Fevil.com/'],
    ['main', '/%2Fevil.com.html'],
    ['main', '/%2F%2Fevil.com/index.html'],
    ['main', '/%2F/evil.com'],
    ['main', '/en/%2Fevil.com'],
    ['main', '/en/%2F%2Fevil.com'],
    ['main', '/en%2F%2Fevil.com'],
    ['main', '/en/%2e%2e/%2e%2e/etc/passwd'],
    ['main', '/en/%252F%252Fevil.com'],
    ['main', '/ru%2F%2Fevil.com'],
    ['main', '/zh%2f%2fevil.com'],
    ['main', '/soultion/%2F%2Fevil.com'],
    ['main', '/case/%2fevil.com'],
    ['main', '/%2E%2E/pricing'],
    ['main', '/pricing%2F..%2F..%2Fevil.com'],
    ['main', '/%2e/%2e%2e/evil.com'],
    ['zh', '/zh/%2Fevil.com'],
    ['zh', '/en/%2F%2Fevil.com'],
    ['zh', '/%2e%2e%2fevil.com'],
    ['ru', '/ru/%2F%2Fevil.com'],
    ['ru', '/blog/%2F%2Fevil.com'],
    ['ru', '/blog%2F%2Fevil.com'],
    ['ru', '/news/%2E%2E%2F%2E%2E%2Fevil.com'],
  ]),

  // Tab, CR, LF: raw tabs, encoded CR/LF (a raw CR or LF cannot be sent); CRLF header-injection attempts.
  ...many('control', [
    ['main', '/en/%0D%0ASet-Cookie:%20x=1'],
    ['main', '/pricing%0d%0aLocation:%20https://evil.com'],
    ['main', '/%0D%0ASet-Cookie:%20x=1'],
    ['main', '/%0D%0A/evil.com'],
    ['main', '/%0A/evil.com'],
    ['main', '/%0D/evil.com'],
    ['main', '/%09/evil.com'],
    ['main', '/%09%2F%2Fevil.com'],
    ['main', '/\t/evil.com'],
    ['main', '/en/\t/evil.com'],
    ['main', '/pri\tcing'],
    ['main', '/pricing\t'],
    ['main', '/en/%0d%0a%0d%0a%3Cscript%3Ealert(1)%3C/script%3E'],
    ['main', '/ru/%0D%0ALocation:%20https://evil.com'],
    ['main', '/zh/%0A%0DX-Injected:%201'],
    ['main', '/soultion/%0D%0ALocation:%20https://evil.com'],
    ['main', '/case/\t/evil.com'],
    ['main', '/pricing/%0D%0A'],
    ['main', '/pricing.html%0D%0AX-Injected:%201'],
    ['main', '/index.html%0d%0aX-Injected:%201'],
    ['main', '/\x0b/evil.com'],
    ['main', '/\x0c/evil.com'],
    ['main', '/%7F/evil.com'],
    ['zh', '/zh/%0D%0ASet-Cookie:%20x=1'],
    ['zh', '/en/%0D%0ALocation:%20//evil.com'],
    ['zh', '/\t//evil.com'],
    ['ru', '/ru/%0D%0ASet-Cookie:%20x=1'],
    ['ru', '/blog/%0d%0aLocation:%20https://evil.com'],
    ['ru', '/blog/\tevil.com'],
    ['ru', '/ru/%09/evil.com'],
    ['ru', '/blog-%0D%0ASet-Cookie:%20x=1'],
  ]),

  // Unicode look-alikes of "/", "\" and "." (U+FF0F U+2215 U+2044 U+29F8 U+FF3C U+FE68 U+3002 U+FF0E), raw UTF-8 and encoded.
  ...many('unicode-slash', [
    ['main', '/en/\uFF0Fevil.com'],
    ['main', '/en/%EF%BC%8Fevil.com'],
    ['main', '/\uFF0F\uFF0Fevil.com'],
    ['main', '/%EF%BC%8F%EF%BC%8Fevil.com'],
    ['main', '/\uFF0Fevil.com/'],
    ['main', '/\uFF0Fevil.com.html'],
    ['main', '/\uFF0Fevil.com/index.html'],
    ['main', '/\u2215\u2215evil.com'],
    ['main', '/%E2%88%95%E2%88%95evil.com'],
    ['main', '/\u2044\u2044evil.com'],
    ['main', '/%E2%81%84%E2%81%84evil.com'],
    ['main', '/en/\u29F8evil.com'],
    ['main', '/en/%E2%A7%B8evil.com'],
    ['main', '/\uFF3Cevil.com'],
    ['main', '/%EF%BC%BCevil.com'],
    ['main', '/\uFE68evil.com'],
    ['main', '/%EF%B9%A8%EF%B9%A8evil.com'],
    ['main', '/\uFF0F\uFF0Fevil\u3002com'],
    ['main', '/%EF%BC%8F%EF%BC%8Fevil%E3%80%82com'],
    ['main', '/\uFF0E\uFF0E/\uFF0E\uFF0E/_redirects'],
    ['main', '/%EF%BC%8E%EF%BC%8E/%EF%BC%8E%EF%BC%8E/_redirects'],
    ['main', '/ru/\uFF0F\uFF0Fevil.com'],
    ['main', '/soultion/\uFF0Fevil.com'],
    ['main', '/case/\uFF3Cevil.com'],
    ['zh', '/zh/\uFF0Fevil.com'],
    ['zh', '/zh/%EF%BC%BCevil.com'],
    ['zh', '/en/\u2215evil.com'],
    ['zh', '/\uFF0F\uFF0Fevil.com'],
    ['ru', '/ru/\uFF0Fevil.com'],
    ['ru', '/blog/\uFF0F\uFF0Fevil.com'],
    ['ru', '/blog/%E2%88%95evil.com'],
    ['ru', '/news/\u2044evil\uFF0Ecom'],
  ]),

  // "@": a Location like "//user@evil.com" or "https://site@evil.com" goes to evil.com.
  ...many('at-sign', [
    ['main', '/@evil.com'],
    ['main', '/@evil.com.html'],
    ['main', '//@evil.com'],
    ['main', '/\\@evil.com'],
    ['main', '/%40evil.com'],
    ['main', '/en/@evil.com'],
    ['main', '/en//@evil.com'],
    ['main', '/en/user@evil.com/'],
    ['main', '/en/%40evil.com/index.html'],
    ['main', '/ru/@evil.com'],
    ['main', '/zh/@evil.com'],
    ['main', '/soultion/@evil.com'],
    ['main', '/case/user@evil.com/'],
    ['main', '/www.polybrowser.example@evil.com'],
    ['zh', '/zh/@evil.com'],
    ['zh', '/en/@evil.com'],
    ['ru', '/blog/@evil.com'],
    ['ru', '/ru/user:pass@evil.com/'],
  ]),

  // Scheme-like paths: must never become an absolute or javascript:/data: Location.
  ...many('scheme', [
    ['main', '/https://evil.com'],
    ['main', '/https://evil.com/'],
    ['main', '/https://evil.com.html'],
    ['main', '/https://evil.com/index.html'],
    ['main', '/https:/evil.com'],
    ['main', '/https:\\\\evil.com'],
    ['main', '/HTTPS://EVIL.COM'],
    ['main', '/%68ttps://evil.com'],
    ['main', '/http:evil.com'],
    ['main', '/javascript:alert(1)'],
    ['main', '/%6Aavascript:alert(1)'],
    ['main', '/vbscript:msgbox(1)'],
    ['main', '/data:text/html,x'],
    ['main', '/en/https://evil.com'],
    ['main', '/en/javascript:alert(1)/'],
    ['main', '/en/data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['main', '/ru/https://evil.com'],
    ['main', '/zh/https://evil.com'],
    ['main', '/soultion/https://evil.com'],
    ['main', '/case/javascript:alert(1)'],
    ['zh', '/zh/https://evil.com'],
    ['zh', '/en/http:evil.com'],
    ['ru', '/blog/https://evil.com'],
    ['ru', '/blog/javascript:alert(1)'],
    ['ru', '/ru/https:%2F%2Fevil.com'],
  ]),

  // ".." traversal, raw and encoded: out of the site folder or onto an internal file.
  ...many('traversal', [
    ['main', '/../../etc/passwd'],
    ['main', '/pricing/../../../../etc/passwd'],
    ['main', '/..\\..\\etc\\passwd'],
    ['main', '/..%5c..%5cetc%5cpasswd'],
    ['main', '/%2e%2e/%2e%2e/etc/passwd'],
    ['main', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['main', '/%252e%252e/%252e%252e/etc/passwd'],
    ['main', '/....//....//etc/passwd'],
    ['main', '/en/../../evil.com'],
    ['main', '/en/../_redirects'],
    ['main', '/en/%2e%2e%2f_headers'],
    ['main', '/assets/..%2f..%2fnginx.conf'],
    ['main', '/vn/..%2F..%2F_redirects'],
    ['main', '/.%2e/.%2e/_worker.js'],
    ['main', '/..;/_redirects'],
    ['main', '/soultion/../../_redirects'],
    ['main', '/case/..%2F..%2Fnginx.conf'],
    ['main', '/pricing/..%2f..%2f.sitegen/pages.json'],
    ['zh', '/zh/../_headers'],
    ['zh', '/en/..%2F..%2Fedge-config.json'],
    ['zh', '/../.vercel/output/config.json'],
    ['ru', '/blog/../../_redirects'],
    ['ru', '/ru/..%2F_redirects'],
    ['ru', '/blog/%2e%2e/%2e%2e/nginx.conf'],
    ['ru', '/news/..%2F..%2Fedge/middleware.js'],
  ]),

  // NUL bytes, always encoded: a C-string truncation could serve "/_redirects" for "/_redirects%00.html".
  ...many('nul', [
    ['main', '/%00'],
    ['main', '/%00/evil.com'],
    ['main', '//%00evil.com'],
    ['main', '/en/%00evil.com'],
    ['main', '/pricing%00.html'],
    ['main', '/pricing.html%00'],
    ['main', '/pricing/%00'],
    ['main', '/_redirects%00'],
    ['main', '/_redirects%00.html'],
    ['main', '/soultion/%00'],
    ['main', '/case/%00evil.com'],
    ['zh', '/zh/%00'],
    ['zh', '/index.html%00'],
    ['ru', '/blog/%00'],
    ['ru', '/ru/%00evil.com'],
  ]),

  // Invalid percent-encoding: lone "%", bad hex, truncated, overlong and out-of-range UTF-8.
  ...many('bad-percent', [
    ['main', '/%'],
    ['main', '/%2'],
    ['main', '/%zz'],
    ['main', '/%.html'],
    ['main', '/pricing%'],
    ['main', '/pricing.html%'],
    ['main', '/pricing/%zz/'],
    ['main', '/index.html%E2%80'],
    ['main', '/%%2F%2Fevil.com'],
    ['main', '/%u002F%u002Fevil.com'],
    ['main', '/%C0%AF'],
    ['main', '/%C0%AF%C0%AFevil.com'],
    ['main', '/%e0%80%af%e0%80%afevil.com'],
    ['main', '/%C1%9Cevil.com'],
    ['main', '/%C0%AE%C0%AE/_redirects'],
    ['main', '/%E2%80'],
    ['main', '/%ED%A0%80'],
    ['main', '/%FF'],
    ['main', '/%F4%90%80%80'],
    ['main', '/en/%E0%A4%A'],
    ['main', '/en/%'],
    ['main', '/soultion/%zz'],
    ['main', '/case/%E2%80'],
    ['zh', '/zh/%FF'],
    ['zh', '/en/%zz'],
    ['ru', '/blog/%E0%A4%A'],
    ['ru', '/ru/%C0%AF'],
  ]),

  // Long request targets: 100 KB, 2049 characters (past common URL limits), 8 KB of slashes.
  req('long', 'main', '/' + 'a'.repeat(99_999), { name: 'long main: 100 KB path at the root' }),
  req('long', 'main', '/en/' + 'a'.repeat(99_996), { name: 'long main: 100 KB path after /en/' }),
  req('long', 'main', '/' + 'a'.repeat(2048), { name: 'long main: 2049-character path' }),
  req('long', 'main', '/'.repeat(8192), { name: 'long main: 8 KB of slashes' }),
  req('long', 'main', '/'.repeat(8192) + 'evil.com', { name: 'long main: 8 KB of slashes then evil.com' }),
  req('long', 'main', '/' + '\\'.repeat(8191), { name: 'long main: 8 KB of backslashes' }),
  req('long', 'main', '/' + '%2F'.repeat(2730) + 'evil.com', { name: 'long main: 8 KB of %2F then evil.com' }),
  req('long', 'main', '/en/' + '../'.repeat(2000) + '_redirects', { name: 'long main: 2000 ../ after /en/ to _redirects' }),
  req('long', 'main', '/pricing?myLocale=' + 'a'.repeat(99_982), { name: 'long main: 100 KB query on /pricing' }),
  req('long', 'zh', '/zh/' + 'a'.repeat(2045), { name: 'long zh: 2049-character path after /zh/' }),
  req('long', 'ru', '/blog/' + 'a'.repeat(99_994), { name: 'long ru: 100 KB path after /blog/' }),
  req('long', 'ru', '/ru/' + '/'.repeat(8188), { name: 'long ru: 8 KB of slashes after /ru/' }),

  // Hostile Host headers (and proxy headers naming another host): redirects must not echo them.
  ...(
    [
      ['evil.com', 'evil.com'],
      ['suffix', 'www.polybrowser.example.evil.com'],
      ['userinfo', 'www.polybrowser.example:80@evil.com'],
      ['empty', ''],
      ['upper-case evil', 'EVIL.COM'],
      ['trailing dot', 'www.polybrowser.example.'],
      ['upper-case site', 'WWW.POLYBROWSER.EXAMPLE'],
      ['IP', '127.0.0.1'],
    ] as const
  ).flatMap(([label, value]) =>
    ['/', '/en/pricing'].map((path) =>
      req('host-header', 'main', path, { hostHeader: value, name: `host-header main: GET ${path} with ${label} Host ${JSON.stringify(value)}` }),
    ),
  ),
  req('host-header', 'main', '/', { hostHeader: null, name: 'host-header main: GET / with no Host' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: null, name: 'host-header main: GET /en/pricing with no Host' }),
  req('host-header', 'main', '/', { hostHeader: 'x'.repeat(4991) + '.evil.com', name: 'host-header main: GET / with a 5000-character Host' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: 'x'.repeat(4991) + '.evil.com', name: 'host-header main: GET /en/pricing with a 5000-character Host' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: 'evil.com:443', name: 'host-header main: GET /en/pricing with Host evil.com:443' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: 'www.polybrowser.example:8080', name: 'host-header main: GET /en/pricing with Host on port 8080' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: '[::1]', name: 'host-header main: GET /en/pricing with Host [::1]' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: 'www.polybrowser.example, evil.com', name: 'host-header main: GET /en/pricing with a comma-joined Host' }),
  req('host-header', 'main', '/en/pricing', { hostHeader: 'www.polybrowser.example/evil.com', name: 'host-header main: GET /en/pricing with a slash in Host' }),
  req('host-header', 'main', '/', { hostHeader: 'www.polybrowser-ru.example', name: 'host-header main: GET / with the Russian host name' }),
  req('host-header', 'main', '/en/pricing', { headers: { Host: 'evil.com' }, name: 'host-header main: GET /en/pricing with a second Host evil.com' }),
  req('host-header', 'main', '/en/pricing', { headers: { 'X-Forwarded-Host': 'evil.com' }, name: 'host-header main: GET /en/pricing with X-Forwarded-Host evil.com' }),
  req('host-header', 'main', '/en/pricing', { headers: { 'X-Forwarded-Proto': 'javascript' }, name: 'host-header main: GET /en/pricing with X-Forwarded-Proto javascript' }),
  req('host-header', 'main', '/', { headers: { Forwarded: 'host=evil.com;proto=https' }, name: 'host-header main: GET / with Forwarded host=evil.com' }),
  req('host-header', 'zh', '/en/pricing', { hostHeader: 'evil.com', name: 'host-header zh: GET /en/pricing with Host evil.com' }),
  req('host-header', 'zh', '/', { hostHeader: null, name: 'host-header zh: GET / with no Host' }),
  req('host-header', 'ru', '/blog/proxy-setup-guide', { hostHeader: 'evil.com', name: 'host-header ru: GET /blog/proxy-setup-guide with Host evil.com' }),
  req('host-header', 'ru', '/ru/pricing', { hostHeader: 'www.polybrowser-ru.example:80@evil.com', name: 'host-header ru: GET /ru/pricing with userinfo Host' }),
  req('host-header', 'ru', '/', { hostHeader: '', name: 'host-header ru: GET / with an empty Host' }),

  // Hostile Accept-Language on the main host's root, where locale detection runs.
  ...[
    'zh-CN;q=2',
    '*',
    'zh-CN;q=abc',
    'xx-yy',
    'zh-CN\tevil',
    ';;;,,,',
    'en;q=0, zh;q=0',
    'ru-RU;q=0.9, https://evil.com',
    '//evil.com',
    'zh-CN;q=-1, ru;q=NaN',
    '',
  ].map((value) =>
    req('accept-language', 'main', '/', { headers: { 'Accept-Language': value }, name: `accept-language main: GET / with ${JSON.stringify(show(value))}` }),
  ),
  req('accept-language', 'main', '/', { headers: { 'Accept-Language': 'en,'.repeat(3334) }, name: 'accept-language main: GET / with 10 KB of "en,"' }),
  req('accept-language', 'main', '/', { headers: { 'Accept-Language': THREE_HUNDRED_LANGUAGES }, name: 'accept-language main: GET / with 300 languages' }),

  // Hostile myLocale cookies on the main host's root.
  ...[
    'myLocale=https://evil.com',
    'myLocale=//evil.com',
    'myLocale=..%2F',
    'myLocale=en%0D%0ASet-Cookie:%20x=1',
    'myLocale="zh"',
    'myLocale=',
    'myLocale=zh; myLocale=ru',
    'myLocale=%E0%A4%A',
    '=;=;=',
    'myLocale=zh-CN',
    'myLocale=ZH',
    'myLocale=zh\tevil',
  ].map((value) => req('cookie', 'main', '/', { headers: { Cookie: value }, name: `cookie main: GET / with ${JSON.stringify(show(value))}` })),
  req('cookie', 'main', '/', { headers: { Cookie: 'myLocale=' + 'z'.repeat(8183) }, name: 'cookie main: GET / with an 8 KB myLocale cookie' }),
  req('cookie', 'main', '/', { headers: { Cookie: Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join('; ') + '; myLocale=zh' }, name: 'cookie main: GET / with 500 cookies before myLocale' }),

  // Hostile queries: the switcher's myLocale parameter, and open-redirect style parameters on redirecting paths.
  ...many('query', [
    ['main', '/?myLocale=https://evil.com'],
    ['main', '/?myLocale=//evil.com'],
    ['main', '/?myLocale=%2F%2Fevil.com'],
    ['main', '/?myLocale=\\evil.com'],
    ['main', '/?myLocale=en%0D%0ASet-Cookie:x'],
    ['main', '/?myLocale=xx'],
    ['main', '/?myLocale=ZH-cn'],
    ['main', '/?myLocale=%E0%A4%A'],
    ['main', '/?myLocale=zh%00'],
    ['main', '/?myLocale=en&myLocale=zh'],
    ['main', '/?myLocale'],
    ['main', '/?myLocale=\tzh'],
    ['main', '/?a=1&myLocale=en&b=%0D%0A'],
    ['main', '/?%'],
    ['main', '/pricing?myLocale=%2F%2Fevil.com'],
    ['main', '/pricing/?%0d%0a'],
    ['main', '/pricing.html?next=//evil.com'],
    ['main', '/index.html?myLocale=//evil.com'],
    ['main', '/Pricing?x=\\evil.com'],
    ['main', '/en?myLocale=zh'],
    ['main', '/en/pricing?next=//evil.com'],
    ['main', '/en/pricing?redirect=https://evil.com'],
    ['main', '/en/pricing#@evil.com'],
    ['main', '/ru/pricing?myLocale=https://evil.com'],
    ['main', '/zh/?myLocale=%0d%0a'],
    ['main', '/vn/pricing/?myLocale=\\evil.com'],
    ['main', '/soultion/ecommerce?next=//evil.com'],
    ['main', '/case/ecommerce?url=https://evil.com'],
    ['zh', '/?myLocale=//evil.com'],
    ['zh', '/en/pricing?redirect=//evil.com'],
    ['zh', '/zh/pricing?next=%0D%0ALocation:%20https://evil.com'],
    ['ru', '/?myLocale=https://evil.com'],
    ['ru', '/blog/proxy-setup-guide?next=//evil.com'],
    ['ru', '/blog?redirect=https://evil.com'],
    ['ru', '/blog-tutorials?x=%0D%0ASet-Cookie:%20x=1'],
  ]),

  // Internal files: each one plain on every host, then .html, trailing slash, upper case, first char encoded, ./ and locale prefixes.
  ...INTERNAL_FILES.flatMap((file) => HOSTS.map((host) => req('internal-file', host, file))),
  ...INTERNAL_FILES.flatMap((file, i) =>
    [
      `${file}.html`,
      `${file}/`,
      file.toUpperCase(),
      encodeFirst(file),
      `/.${file}`,
      `/vn${file}`,
      `/en${file}`,
    ].map((path, j) => req('internal-file', HOSTS[(i + j) % 3]!, path)),
  ),
  ...many('internal-file', [
    ['main', '/_Redirects'],
    ['main', '/%5F%72edirects'],
    ['main', '/%255Fredirects'],
    ['main', '//_redirects'],
    ['main', '/_redirects.'],
    ['main', '/_redirects%20'],
    ['main', '/_redirects%2F'],
    ['main', '/_redirects?x=1'],
    ['main', '/_redirects;.css'],
    ['main', '/_worker.js.map'],
    ['main', '/.sitegen/'],
    ['main', '/.sitegen%2Fpages.json'],
    ['main', '/.vercel/output/'],
    ['main', '/.vercel%2Foutput%2Fconfig.json'],
    ['main', '/edge/'],
    ['main', '/edge%2Fmiddleware.js'],
    ['zh', '/ru/_redirects'],
    ['ru', '/blog/_redirects'],
  ]),
  req('internal-file', 'main', '/', { headers: { 'X-Original-URL': '/_redirects' }, name: 'internal-file main: GET / with X-Original-URL /_redirects' }),
  req('internal-file', 'main', '/', { headers: { 'X-Rewrite-URL': '/nginx.conf' }, name: 'internal-file main: GET / with X-Rewrite-URL /nginx.conf' }),

  // Methods and request-target forms other than GET origin-form.
  req('method', 'main', '/pricing', { method: 'POST' }),
  req('method', 'main', '/pricing', { method: 'POST', headers: { 'Content-Length': '0' }, name: 'method main: POST /pricing with Content-Length 0' }),
  req('method', 'main', '/en/pricing', { method: 'POST' }),
  req('method', 'main', '/_redirects', { method: 'PUT', headers: { 'Content-Length': '0' } }),
  req('method', 'main', '/pricing', { method: 'DELETE' }),
  req('method', 'main', '/pricing', { method: 'PATCH', headers: { 'Content-Length': '0' } }),
  req('method', 'main', '/en//evil.com', { method: 'HEAD' }),
  req('method', 'main', '*', { method: 'OPTIONS' }),
  req('method', 'main', '/en/pricing', { method: 'OPTIONS' }),
  req('method', 'main', '/', { method: 'TRACE' }),
  req('method', 'main', '/', { method: 'TRACE', headers: { 'X-Evil': 'reflected' }, name: 'method main: TRACE / with a header to reflect' }),
  req('method', 'main', '/', { method: 'PROPFIND' }),
  req('method', 'main', '/', { method: 'get' }),
  req('method', 'main', '/pricing', { method: 'FOO' }),
  req('method', 'main', 'http://evil.com/'),
  req('method', 'main', 'https://www.polybrowser.example/en//evil.com'),
  req('method', 'main', 'http://www.polybrowser.example/_redirects'),
  req('method', 'main', 'evil.com:443', { method: 'CONNECT' }),
  req('method', 'zh', 'http://evil.com/en/pricing'),
  req('method', 'ru', 'http://www.polybrowser-ru.example/blog//evil.com'),
  req('method', 'ru', '/blog/proxy-setup-guide', { method: 'POST' }),
];

const seen = new Set<string>();
for (const { name } of HOSTILE_REQUESTS) {
  if (seen.has(name)) throw new Error(`hostile-requests.ts: duplicate name ${JSON.stringify(name)}`);
  seen.add(name);
}
