import { NOT_FOUND_SLOT } from '../model/browser-contract.js';
import { escapeXml } from '../format/escape-xml.js';

/**
 * The slot of templates/pages/error.tsx: the element with the slot attribute (hidden), its text up
 * to an empty <code>. Groups: the tag name, its attributes around the slot attribute, the text.
 */
const SLOT = new RegExp(`<([a-z]+)((?: [^>]*?)?) ${NOT_FOUND_SLOT}=""([^>]*)>([^<]*)<code></code>`);

/**
 * The 404 page of a locale with the path the visitor asked for in its slot, as escaped text, and the
 * slot shown. Spec §2/§8 ("Page not found: {path}"): every server that runs the middleware answers
 * this way; the static file alone (nginx, a host without the function) keeps the slot empty and
 * hidden. A page without the slot is returned as it is: the path is never put anywhere else.
 */
export function fillNotFoundPage(html: string, pathname: string): string {
  return html.replace(SLOT, (_, tag: string, before: string, after: string, text: string) => {
    const attributes = `${before} ${NOT_FOUND_SLOT}=""${after}`.replace(/ hidden(="")?(?=[ >]|$)/, '');
    return `<${tag}${attributes}>${text}<code>${escapeXml(displayPath(pathname))}</code>`;
  });
}

/**
 * A host's 404 answer (Netlify's, Cloudflare's asset server's) with the path filled in: HTML only,
 * with the headers that described the static file's bytes (length, validators) dropped.
 */
export async function notFoundResponse(page: Response, pathname: string): Promise<Response> {
  if (!/^text\/html/i.test(page.headers.get('content-type') ?? '')) return new Response(page.body, { status: 404, headers: page.headers });
  const headers = new Headers(page.headers);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  return new Response(fillNotFoundPage(await page.text(), pathname), { status: 404, headers });
}

/** Characters that would hide text or reorder it on screen (controls, bidi marks and overrides). */
const HIDDEN_OR_REORDERING = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A request path as the visitor reads it on the 404 page: percent-decoded (/%E6%89%BE reads 找),
 * unless it is not valid percent-encoding of UTF-8 (then as sent), with the characters that would
 * hide or reorder text kept percent-encoded. Plain text: the caller escapes it.
 */
export function displayPath(pathname: string): string {
  let text: string;
  try {
    text = decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
  return text.replace(HIDDEN_OR_REORDERING, encodeURIComponent);
}
