import type { HostKey } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import { SECURITY_TXT_PATH } from '../model/product-files.js';
import { expiryOf, type SiteConfig } from '../model/site-config.js';
import { absoluteUrl, hostDir } from '../route/urls.js';

/**
 * /.well-known/security.txt of a host (RFC 9116) from site.yaml's `security`: Contact (each),
 * Expires (the configured date, as RFC 3339), Preferred-Languages, Canonical (this host's own
 * address, so each host's file says where it is authoritative) and the optional fields. Undefined
 * when site.yaml configures none.
 */
export function securityTxt(config: SiteConfig, host: HostKey): OutputFile | undefined {
  const security = config.security;
  if (!security) return undefined;
  const lines = [
    ...security.contact.map((uri) => `Contact: ${uri}`),
    `Expires: ${expiryOf(security.expires).toISOString()}`,
    ...(security.encryption ? [`Encryption: ${security.encryption}`] : []),
    ...(security.acknowledgments ? [`Acknowledgments: ${security.acknowledgments}`] : []),
    ...(security.preferredLanguages ? [`Preferred-Languages: ${security.preferredLanguages.join(', ')}`] : []),
    `Canonical: ${absoluteUrl(config, host, SECURITY_TXT_PATH)}`,
    ...(security.policy ? [`Policy: ${security.policy}`] : []),
    ...(security.hiring ? [`Hiring: ${security.hiring}`] : []),
  ];
  return { path: `${hostDir(config, host)}${SECURITY_TXT_PATH}`, contents: `${lines.join('\n')}\n` };
}
