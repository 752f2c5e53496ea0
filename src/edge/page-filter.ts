import { fromBase64, toBase64 } from '../format/base64.js';

/**
 * A Bloom filter over the site's page keys ("hostKey path"). The edge needs to know whether a page
 * exists only to decide whether a mixed-case URL should be folded to lowercase; a list of every path
 * would outgrow an Edge Config store on a large site, a filter does not (10 bits a page, ~1% false
 * positives). A false positive costs one redirect to a 404, never a wrong page.
 */
export interface PageFilter {
  bits: number;
  hashes: number;
  /** The bit array, base64. */
  filter: string;
}

const BITS_PER_PAGE = 10;

/**
 * A filter of at most `maxBytes` of base64 (its room in the edge document): 10 bits a page when
 * that fits; on a site too large for it, fewer bits a page and a higher false-positive rate rather
 * than a document over the store's limit (see falsePositiveRate).
 */
export function createPageFilter(keys: readonly string[], maxBytes = Infinity): PageFilter {
  const roomBits = Math.floor((maxBytes * 3) / 4) * 8; // base64: 4 characters per 3 bytes
  const wanted = Math.max(64, Math.ceil((keys.length * BITS_PER_PAGE) / 8) * 8);
  const bits = Math.max(64, Math.min(wanted, Math.floor(roomBits / 8) * 8));
  // The number of hashes that gives the fewest false positives for this many bits a page.
  const hashes = Math.max(1, Math.round((bits / Math.max(1, keys.length)) * Math.LN2));
  const array = new Uint8Array(bits / 8);
  for (const key of keys) {
    for (const bit of bitsOf(key, bits, hashes)) array[bit >> 3]! |= 1 << (bit & 7);
  }
  return { bits, hashes, filter: toBase64(array) };
}

/** The expected share of absent keys the filter takes for present. */
export function falsePositiveRate(filter: PageFilter, pages: number): number {
  return (1 - Math.exp((-filter.hashes * pages) / filter.bits)) ** filter.hashes;
}

/** A membership test over a decoded filter: decode once, test per request. */
export function pageFilterTest(filter: PageFilter): (key: string) => boolean {
  const array = fromBase64(filter.filter);
  return (key) => bitsOf(key, filter.bits, filter.hashes).every((bit) => (array[bit >> 3]! & (1 << (bit & 7))) !== 0);
}

export function pageKey(host: string, path: string): string {
  return `${host} ${path}`;
}

/** Double hashing (Kirsch-Mitzenmacher) over two FNV-1a variants of the UTF-16 code units. */
function bitsOf(key: string, bits: number, hashes: number): number[] {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
    h2 ^= h2 >>> 15;
  }
  h2 = (h2 | 1) >>> 0;
  const out: number[] = [];
  for (let i = 0; i < hashes; i++) out.push(((h1 + Math.imul(i, h2)) >>> 0) % bits);
  return out;
}
