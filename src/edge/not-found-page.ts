import { NOT_FOUND_SLOT } from '../model/browser-contract.js';
import { displayPath } from '../format/display-path.js';
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
