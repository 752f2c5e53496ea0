import { escapeRegex } from '../hosting/escape-regex.js';
import { localHost } from './local-host.js';

/**
 * A local preview of the three hosts: the pages link to the hosts' production origins
 * (https://www.polybrowser.example/pricing), so a click in `sitegen serve` or `sitegen dev` would
 * leave this machine. These functions move those links, at serve time, to local origins:
 * main → the address the visitor used for it (http://localhost:4000 by default), any other host →
 * http://<key>.localhost:4000, which Chromium and curl resolve to this machine. dist/ is not touched.
 */

/** Production origin (https://www.polybrowser.example) → local origin (http://localhost:4000), for one request. */
export interface PreviewOrigins {
  readonly byOrigin: ReadonlyMap<string, string>;
  /** Names the mapping, for caching what was rewritten with it. */
  readonly key: string;
}

/**
 * Where each host is previewed for a request that reached `served` (a host key) under the Host
 * header `hostHeader`; undefined when the request did not come by a local name. With `forced` (the
 * server answers one host whatever the name, `sitegen serve --host`) only that host's origin moves:
 * the other hosts are not served here, so their links keep their production addresses.
 */
export function previewOrigins(hostHeader: string | undefined, origins: Readonly<Record<string, string>>, served: string, forced: boolean): PreviewOrigins | undefined {
  // Only loopback names are copied into pages: the Host header is the client's to write, and anything
  // else (a LAN address, a made-up name) gets no rewriting, so no request can put a name of its
  // choosing into the HTML another request is served.
  const local = localHost(hostHeader);
  if (!local) return undefined;
  const { port } = local;
  const byOrigin = new Map<string, string>();
  for (const [key, origin] of Object.entries(origins)) {
    if (key === served) byOrigin.set(origin, `http://${local.name}${port && `:${port}`}`);
    else if (!forced) byOrigin.set(origin, localOrigin(key, port));
  }
  return { byOrigin, key: [...byOrigin.values()].join(' ') };
}

/** A host's local origin: main is http://localhost:<port>, another host http://<key>.localhost:<port>. */
export function localOrigin(key: string, port: string | number): string {
  return `http://${key === 'main' ? 'localhost' : `${key}.localhost`}${port === '' ? '' : `:${port}`}`;
}

/**
 * A redirect's Location in the preview: a target on a configured origin (judged by `new URL`, so
 * `https://www.polybrowser.example.evil.com` or `…@evil.com` is not one) moves to its local origin
 * with its path, query and fragment; anything else, relative paths included, is left as it is.
 */
export function previewLocation(location: string, preview: PreviewOrigins): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(location)) return location;
  let target: URL;
  try {
    target = new URL(location);
  } catch {
    return location;
  }
  const local = preview.byOrigin.get(target.origin);
  return local === undefined ? location : `${local}${target.pathname}${target.search}${target.hash}`;
}

export type OriginRewriter = (bytes: Uint8Array, preview: PreviewOrigins) => Uint8Array;

/**
 * Rewrites the configured origins in a text file (HTML, the runtime JSON in it, sitemaps,
 * robots.txt, scripts): an origin is replaced only where it stands whole, not preceded by a scheme
 * or name character and followed by what ends a URL's host (/ ? # \ a quote, <, >, space, a closing
 * bracket, an HTML-escaped quote, or the end), so `https://www.polybrowser.example.evil.com` and
 * `https://www.polybrowser.example:8443` stay as they are. The JSON-escaped form `https:\/\/…` is
 * rewritten too (escaped the same way). Bytes without any configured hostname are returned as they
 * are (same object, so the compressed copies cached per body still apply).
 */
export function originRewriter(origins: readonly string[]): OriginRewriter {
  const escapeJson = (text: string) => text.replace(/\//g, '\\/');
  const forms = new Map<string, { origin: string; escaped: boolean }>();
  for (const origin of origins) {
    forms.set(origin, { origin, escaped: false });
    forms.set(escapeJson(origin), { origin, escaped: true });
  }
  const alternatives = [...forms.keys()].sort((a, b) => b.length - a.length).map(escapeRegex);
  const pattern = new RegExp(`(?<![A-Za-z0-9+.\\-])(?:${alternatives.join('|')})(?=$|[/?#\\\\"'<>\\s)\\]}\`]|&(?:quot|#34|#39|apos|lt|gt);)`, 'g');
  const needles = [...new Set(origins.map((origin) => Buffer.from(new URL(origin).host)))];

  return (bytes, preview) => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!needles.some((needle) => buffer.includes(needle))) return bytes;
    let changed = false;
    const text = buffer.toString('utf8').replace(pattern, (found) => {
      const form = forms.get(found)!;
      const local = preview.byOrigin.get(form.origin);
      if (local === undefined) return found;
      changed = true;
      return form.escaped ? escapeJson(local) : local;
    });
    return changed ? new Uint8Array(Buffer.from(text, 'utf8')) : bytes;
  };
}
