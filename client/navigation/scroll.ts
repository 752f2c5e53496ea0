import { decodeOrKeep } from '../../src/format/percent-decode.js';

/**
 * Spec §2: a navigation lands at the top unless the page says otherwise, and a hash lands on its
 * element offset by that element's scroll margin (CSS gives every [id] the sticky header's height).
 * Browsers do both on their own for a full page load; this corrects the hash position once late
 * content (hydrated islands, images without dimensions) has settled, and handles in-page hash links
 * whose ids need decoding. A page opts out with <body data-keep-scroll>.
 */
export function targetOfHash(doc: Document, hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  return doc.getElementById(decodeOrKeep(hash.slice(1)));
}

export function startScrollHandling(doc: Document, win: Window): void {
  if (doc.body.hasAttribute('data-keep-scroll')) return;
  const settle = () => {
    const target = targetOfHash(doc, win.location.hash);
    if (target) target.scrollIntoView({ block: 'start' });
  };
  if (doc.readyState === 'complete') settle();
  else win.addEventListener('load', settle, { once: true });
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    if (!link || event.defaultPrevented) return;
    const target = targetOfHash(doc, link.getAttribute('href') ?? '');
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start', behavior: 'smooth' });
    win.history.pushState(null, '', link.getAttribute('href'));
  });
}
