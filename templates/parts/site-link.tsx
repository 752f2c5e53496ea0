import type { ReactNode } from 'react';
import { isInternalHost } from '../../src/model/browser-contract.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Icon } from './icon.js';

/**
 * Whether a link leaves the product (spec §5): an http(s) URL on neither the product's own domains
 * nor its partners' (site.yaml ownDomains, partnerDomains). Site paths and own or partner domains
 * are internal; Markdown links get the same rule from src/parse/classify-href.ts.
 */
export function isExternalHref(href: string, config: PageProps['config']): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !isInternalHost(url.hostname, config);
}

/**
 * A link from a template to a URL that may be anywhere (the menu's social entries, data tables,
 * front matter such as a partner's website): an external one opens in a new tab without the
 * opener and ends with the external icon; an internal one is a plain link.
 */
export function SiteLink({ href, props, className, iconSize = 16, children }: { href: string; props: PageProps; className?: string; iconSize?: number; children: ReactNode }) {
  if (!isExternalHref(href, props.config)) return <a className={className} href={href}>{children}</a>;
  return (
    <a className={className} href={href} rel="noopener noreferrer" target="_blank">
      {children} <Icon name="external" sprite={props.assets.sprite} size={iconSize} />
    </a>
  );
}
