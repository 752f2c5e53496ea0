/**
 * Files the hosting targets put beside the pages in a host's folder: configuration for the host,
 * never content. Every server sitegen writes or runs answers them with the 404 page.
 */
export const HOST_CONFIG_FILES: readonly string[] = ['_redirects', '_headers', '_worker.js', '_routes.json'];

/** The one dot folder that is content: /.well-known/ (RFC 8615), where security.txt is. */
export const WELL_KNOWN = '.well-known';

/** Whether a request path's segments name a host configuration file or a dotfile (other than under /.well-known/). */
export function isHostConfigPath(segments: readonly string[]): boolean {
  return segments.some((s, i) => s.startsWith('.') && !(i === 0 && s === WELL_KNOWN)) || (segments.length === 1 && HOST_CONFIG_FILES.includes(segments[0]!));
}
