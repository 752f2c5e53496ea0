import { warning, type Diagnostic } from '../errors/site-error.js';
import { expiryOf, type SiteConfig } from '../model/site-config.js';
import { configPlace } from './config-place.js';

/** How long before security.expires the build starts to warn. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY = 24 * 60 * 60 * 1000;

/**
 * A warning when security.txt expires within EXPIRY_WARNING_DAYS of `now`, or has expired. The
 * only use sitegen makes of the wall clock besides timings: security.txt states the configured
 * date, never one computed from the clock, so the output of a build stays the same whenever it
 * runs; the clock only decides whether the build reminds you to renew.
 */
export function securityExpiryWarnings(config: SiteConfig, now: Date, configPath: string, configText: string): Diagnostic[] {
  const expires = config.security?.expires;
  if (expires === undefined) return [];
  const left = expiryOf(expires).getTime() - now.getTime();
  if (left > EXPIRY_WARNING_DAYS * DAY) return [];
  const days = Math.floor(Math.abs(left) / DAY);
  const when = left <= 0 ? `expired ${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`}` : `expires in ${days === 0 ? 'less than a day' : `${days} day${days === 1 ? '' : 's'}`}`;
  const { written: _written, ...place } = configPlace(configPath, configText, ['security', 'expires']);
  return [warning('SECURITY_TXT_EXPIRES', `security.txt ${when} (security.expires is ${expires}): set a later date in site.yaml and deploy`, place)];
}
