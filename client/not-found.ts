/**
 * Static hosts serve one 404 file for every unknown path, so the path in "Page not found: {path}" is
 * filled in here. textContent, never innerHTML: the path is attacker-controlled.
 */
export function fillNotFoundPath(doc: Document, location: Pick<Location, 'pathname'>): void {
  const slot = doc.querySelector('[data-fill-path]');
  if (!slot) return;
  let path = location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the raw path when it is not valid percent-encoding.
  }
  slot.textContent = path;
}
