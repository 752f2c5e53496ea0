/**
 * Files the hosting targets put beside the pages in a host's folder: configuration for the host,
 * never content. Every server sitegen writes or runs answers them with the 404 page.
 */
export const HOST_CONFIG_FILES: readonly string[] = ['_redirects', '_headers', '_worker.js', '_routes.json'];

/** Whether a request path's segments name a host configuration file or a dotfile. */
export function isHostConfigPath(segments: readonly string[]): boolean {
  return segments.some((s) => s.startsWith('.')) || (segments.length === 1 && HOST_CONFIG_FILES.includes(segments[0]!));
}
