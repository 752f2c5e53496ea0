import type { SiteConfig } from '../config/site-config-schema.js';
import type { HostKey, Locale } from '../locales/locale-table.js';

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

/** dist-relative file for a clean URL: /vn/blog → <host>/vn/blog/index.html. */
export function outputPathOf(config: SiteConfig, host: HostKey, path: string): string {
  return path === '/' ? `${hostDir(config, host)}/index.html` : `${hostDir(config, host)}${path}/index.html`;
}
