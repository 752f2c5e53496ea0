/**
 * Spec §5: the callback comes from the query parameter cb. It is later used as a redirect target, so
 * only absolute http(s) URLs on our own or partner domains are accepted (no open redirect).
 */
import { isInternalHost, parseHttpUrl } from '../platform/urls.js';
import { queryValue } from './query.js';
import type { DomainConfig } from './referrer.js';
import { attempt } from './tolerant.js';

/** The normalised callback URL from `search`, or undefined when absent or not allowed. */
export function resolveCallback(search: string, config: DomainConfig): string | undefined {
  return attempt(() => {
    const url = parseHttpUrl(queryValue(search, 'cb'));
    if (!url || !isInternalHost(url.hostname, config)) return undefined;
    return url.href;
  }, undefined);
}
