/**
 * Spec §8: an image that fails to load shows a placeholder instead of the browser's broken-image
 * icon. The placeholder keeps the box the page laid out (from width and height), so nothing moves.
 */

// A picture outline in the muted text colour, drawn centred at its own size (object-fit: none).
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#8a91a8" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="m21 16-5-5-9 9"/></svg>',
)}`;

export function showPlaceholder(img: HTMLImageElement): void {
  if (img.hasAttribute('data-failed')) return; // the placeholder itself never fails, but never loop
  img.setAttribute('data-failed', '');
  const width = Number(img.getAttribute('width'));
  const height = Number(img.getAttribute('height'));
  // The placeholder's own 48×48 would otherwise become the box's shape.
  if (width > 0 && height > 0) img.style.aspectRatio = `${width} / ${height}`;
  for (const source of img.closest('picture')?.querySelectorAll('source') ?? []) source.remove();
  img.removeAttribute('srcset');
  img.src = IMAGE_PLACEHOLDER;
}

/**
 * Images that fail from now on, and those that already failed before this script ran (module
 * scripts run after parsing). A lazy image not yet fetched is not `complete`, so it is not taken
 * for broken.
 */
export function startImagePlaceholders(doc: Document): void {
  doc.addEventListener('error', (event) => {
    const target = event.target as Element | null;
    if (target?.tagName === 'IMG') showPlaceholder(target as HTMLImageElement);
  }, true);
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    if (img.complete && img.getAttribute('src') && img.naturalWidth === 0 && img.naturalHeight === 0) showPlaceholder(img);
  }
}
