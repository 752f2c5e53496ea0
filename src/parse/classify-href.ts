import { isInternalHost } from '../model/browser-contract.js';
import type { SiteConfig } from '../model/site-config.js';
import { LOCALES, localeOfPath, HOST_KEYS, type HostKey, type Locale } from '../model/locale-table.js';

export interface LinkContext {
  locale: Locale;
  hosts: SiteConfig['hosts'];
  ownDomains: readonly string[];
  partnerDomains: readonly string[];
}

export type ClassifiedHref =
  | { type: 'site'; href: string; path: string; host: HostKey; isAsset: boolean }
  | { type: 'external' }
  | { type: 'other' };

/**
 * Decide what a link in content is (spec §5): a link into the site (checked, and written without
 * locale prefix it gets the page's prefix), an external link (opened with noopener noreferrer), or
 * something else left alone (#anchors, mailto:). Own and partner domains count as internal.
 */
export function classifyHref(href: string, context: LinkContext): ClassifiedHref {
  if (href.startsWith('#') || href === '') return { type: 'other' };
  if (href.startsWith('/') && !href.startsWith('//')) return classifySitePath(href, context);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { type: 'other' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { type: 'other' };
  const host = HOST_KEYS.find((key) => new URL(context.hosts[key]).host === url.host);
  if (host) {
    const path = url.pathname;
    return { type: 'site', href, path, host, isAsset: isAssetPath(path) };
  }
  return isInternalHost(url.hostname, context) ? { type: 'other' } : { type: 'external' };
}

function classifySitePath(href: string, context: LinkContext): ClassifiedHref {
  const [pathPart = '', rest = ''] = splitPath(href);
  if (isAssetPath(pathPart)) return { type: 'site', href, path: pathPart, host: context.locale.host, isAsset: true };
  const explicit = LOCALES.find((l) => l.prefix !== '' && (pathPart === l.prefix || pathPart.startsWith(`${l.prefix}/`)));
  if (explicit) {
    // Written with a prefix: that locale's page, on that locale's host.
    const target = localeOfPath(explicit.host, pathPart);
    const sameHost = target.host === context.locale.host;
    const full = `${pathPart}${rest}`;
    return { type: 'site', href: sameHost ? full : `${context.hosts[target.host]}${full}`, path: pathPart, host: target.host, isAsset: false };
  }
  const localised = pathPart === '/' ? (context.locale.prefix || '/') : `${context.locale.prefix}${pathPart}`;
  return { type: 'site', href: `${localised}${rest}`, path: localised, host: context.locale.host, isAsset: false };
}

function splitPath(href: string): [string, string] {
  const cut = href.search(/[?#]/);
  return cut === -1 ? [href, ''] : [href.slice(0, cut), href.slice(cut)];
}

/** A path whose last segment has an extension names a file, not a page. */
export function isAssetPath(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last);
}
