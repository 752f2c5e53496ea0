import { decodeXmlEntities, escapeXml } from '../format/escape-xml.js';

/**
 * A start tag of HTML as rehype writes it: in text, "<" is always escaped, so "<" and a letter only
 * ever begin a tag; attribute values are quoted and may hold ">" (hence the quote-aware pattern).
 */
const START_TAG = /<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
const URL_ATTRIBUTE = /(\s)(href|src|srcset|poster|cite)(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/**
 * Rendered Markdown with every URL in it absolute, resolved against the page it was written for:
 * what a feed reader needs, which shows the entry away from its page (relative URLs in a feed are
 * resolved against the feed, if at all). Site paths (/vn/pricing), anchors (#setup) and every
 * candidate of a srcset are resolved; absolute URLs and mailto: stay as they are.
 */
export function absoluteHtml(html: string, pageUrl: string): string {
  return html.replace(START_TAG, (tag) => tag.replace(URL_ATTRIBUTE, (_whole, space: string, name: string, equals: string, double?: string, single?: string, bare?: string) => {
    const value = decodeXmlEntities(double ?? single ?? bare ?? '');
    const resolved = name.toLowerCase() === 'srcset' ? absoluteSrcset(value, pageUrl) : absoluteUrl(value, pageUrl);
    return `${space}${name}${equals}"${escapeXml(resolved)}"`;
  }));
}

function absoluteUrl(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/** `a.avif 1x, b.avif 2x`: each candidate's URL resolved, its descriptor kept. */
function absoluteSrcset(value: string, base: string): string {
  return value.split(/,\s+/).map((candidate) => {
    const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
    return [absoluteUrl(url, base), ...descriptor].join(' ');
  }).join(', ');
}
