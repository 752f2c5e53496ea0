/** URL rules of spec §5, shared by every client module that takes a URL from outside. */
export { isInternalHost, isOnDomains } from '../../src/model/browser-contract.js';

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
