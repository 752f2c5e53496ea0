import { decodeOrKeep } from './percent-decode.js';

/** Characters that would hide text or reorder it on screen (controls, bidi marks and overrides). */
const HIDDEN_OR_REORDERING = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A request path as the visitor reads it on the 404 page: percent-decoded (/%E6%89%BE reads 找),
 * unless it is not valid percent-encoding of UTF-8 (then as sent), with the characters that would
 * hide or reorder text kept percent-encoded, so a crafted link cannot make the site's own page read
 * backwards or hide part of the path. Plain text: the caller escapes it or sets it as textContent.
 * Shared by the edge (src/edge/not-found-page.ts) and the browser (client/not-found.ts, for hosts
 * without the middleware).
 */
export function displayPath(pathname: string): string {
  // Text that does not decode comes back as sent: ASCII, as a URL's path always is, so the replace leaves it alone.
  return decodeOrKeep(pathname).replace(HIDDEN_OR_REORDERING, encodeURIComponent);
}
