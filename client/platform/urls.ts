/** URL rules of spec §5, shared by every client module that takes a URL from outside. */

/** An absolute http: or https: URL, or undefined (javascript:, data:, //host and junk are refused). */
export function parseHttpUrl(value: string | null | undefined, base?: string): URL | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/** True when `hostname` is one of `domains` or a subdomain of one (www.example.com for example.com). */
export function isOnDomains(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}
