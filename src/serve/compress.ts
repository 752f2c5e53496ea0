import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed bodies by encoding, kept per file content so a page is compressed once per run. */
const cache = new WeakMap<Uint8Array, Map<string, Uint8Array>>();

/**
 * The body in the best encoding the client accepts (br, then gzip), honouring q=0. Brotli at
 * quality 5 is the usual on-the-fly setting: most of the size gain at a fraction of the time of 11.
 */
export async function compressFor(acceptEncoding: string | undefined, bytes: Uint8Array): Promise<{ encoding: 'br' | 'gzip'; bytes: Uint8Array } | undefined> {
  const accepted = acceptedEncodings(acceptEncoding);
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (!encoding || bytes.length < 256) return undefined;
  let byEncoding = cache.get(bytes);
  if (!byEncoding) cache.set(bytes, (byEncoding = new Map()));
  let compressed = byEncoding.get(encoding);
  if (!compressed) {
    compressed = encoding === 'br'
      ? new Uint8Array(await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
      : new Uint8Array(await gzipAsync(bytes, { level: 6 }));
    byEncoding.set(encoding, compressed);
  }
  return { encoding, bytes: compressed };
}

function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
