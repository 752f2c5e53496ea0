import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import type { Entry, ValidSite } from '../model/site.js';

/**
 * An image that could not be read or encoded is an error at every place a page shows it (file,
 * line and column of the cover field or the Markdown image); one that no page shows is a warning
 * naming the file, since templates may still use it.
 */
export function imageDiagnostics(site: ValidSite, failures: ReadonlyMap<string, string>, contentDir: string): Diagnostic[] {
  if (!failures.size) return [];
  const diagnostics = imagePlacementErrors(site.entries, failures);
  const used = new Set(site.entries.flatMap((entry) => entry.images.map((image) => image.path)));
  for (const [path, reason] of failures) {
    if (!used.has(path)) diagnostics.push(warning('IMAGE_UNREADABLE', `${reason}; no page shows it in Markdown or as a cover`, { file: `${contentDir}/public${path}` }));
  }
  return diagnostics;
}

/** The places where these entries show an image that failed. */
export function imagePlacementErrors(entries: readonly Entry[], failures: ReadonlyMap<string, string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    for (const image of entry.images) {
      const reason = failures.get(image.path);
      if (reason !== undefined) diagnostics.push(diagnostic('IMAGE_UNREADABLE', `image ${image.path} on this page cannot be used: ${reason}`, image.place));
    }
  }
  return diagnostics;
}
