import type { SiteConfig } from '../model/site-config.js';
import type { HostKey, Locale } from '../model/locale-table.js';

/** Host-relative path of a route in a locale: '/' + prefix + route, never a trailing slash. */
export function localePath(locale: Locale, route: string): string {
  if (route === '/' || route === '') return locale.prefix || '/';
  return `${locale.prefix}${route}`;
}

export function hostDir(config: SiteConfig, host: HostKey): string {
  return new URL(config.hosts[host]).host;
}

export function absoluteUrl(config: SiteConfig, host: HostKey, path: string): string {
  return `${config.hosts[host]}${path === '/' ? '/' : path}`;
}

/** Absolute URL of a site route in a locale, whether or not a page is there: the locale's home is localeUrl(config, locale, '/'). */
export function localeUrl(config: SiteConfig, locale: Locale, route: string): string {
  return absoluteUrl(config, locale.host, localePath(locale, route));
}

/**
 * dist-relative file for a clean URL: /vn/blog → <host>/vn/blog.html. A flat `.html` file is the one
 * layout every static host serves at the URL without a trailing slash (Cloudflare Pages and Netlify
 * redirect /x to /x/ when the file is x/index.html) and redirects /x.html and /x/ to /x by itself.
 */
export function outputPathOf(config: SiteConfig, host: HostKey, path: string): string {
  return path === '/' ? `${hostDir(config, host)}/index.html` : `${hostDir(config, host)}${path}.html`;
}

/** The 404 page a static host serves for unknown paths under a locale root (nearest 404.html). */
export function notFoundPathOf(config: SiteConfig, host: HostKey, prefix: string): string {
  return `${hostDir(config, host)}${prefix}/404.html`;
}
