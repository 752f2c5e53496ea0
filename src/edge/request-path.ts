/**
 * A request path as the edge sees it: decoded segments with the spec's normalisations applied
 * (duplicate slashes collapsed, trailing slash and trailing .html removed). Everything here treats
 * the path as hostile: a segment that decodes to a slash, a backslash, a control character or a dot
 * segment can never name a page, so such a path is refused (it falls through to the 404 page) rather
 * than normalised into something that could leave the host.
 */
export type ParsedPath =
  | { ok: true; segments: string[]; normalized: boolean }
  | { ok: false };

const UNSAFE_SEGMENT = /[\u0000-\u001f\u007f/\\]/;
const HTML_SUFFIX = /\.html$/i;

export function parseRequestPath(pathname: string): ParsedPath {
  if (!pathname.startsWith('/')) return { ok: false };
  const raw = pathname.slice(1).split('/');
  const segments: string[] = [];
  let normalized = false;
  for (const part of raw) {
    if (part === '') {
      // '/' itself splits into one empty part; any other empty part is a doubled or trailing slash.
      if (raw.length > 1) normalized = true;
      continue;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { ok: false };
    }
    if (UNSAFE_SEGMENT.test(decoded) || decoded === '.' || decoded === '..') return { ok: false };
    segments.push(decoded);
  }
  const last = segments.at(-1);
  if (last !== undefined && HTML_SUFFIX.test(last)) {
    const stem = last.replace(HTML_SUFFIX, '');
    // /pricing.html → /pricing; /pricing/index.html and /index.html → the folder itself.
    if (stem === '' || stem.toLowerCase() === 'index') segments.pop();
    else segments[segments.length - 1] = stem;
    normalized = true;
  }
  return { ok: true, segments, normalized };
}

/** The path of decoded segments, percent-encoded again: never two slashes, never a raw control character. */
export function formatPath(segments: readonly string[]): string {
  return `/${segments.map(encodeSegment).join('/')}`;
}

/** The path of decoded segments as the route table writes it (for lookups, not for headers). */
export function joinPath(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

function encodeSegment(segment: string): string {
  // encodeURIComponent escapes everything outside the unreserved set; keep the sub-delimiters that
  // are common and harmless in paths readable.
  return encodeURIComponent(segment).replace(/%(2[1246789ABC]|3[ABD]|40)/gi, (match) => decodeURIComponent(match));
}
