/** Stable hashing of a fingerprint: keys sorted, then SHA-256 (hex) or, without crypto.subtle, cyrb53. */

/** cyrb53: a fast 53-bit string hash (public domain, bryc). */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function cyrb53Hex(text: string): string {
  return cyrb53(text).toString(16).padStart(14, '0');
}

/** JSON with object keys sorted at every level, so equal objects give equal text. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** SHA-256 hex of the stable JSON when crypto.subtle is there, else cyrb53 hex; never rejects. */
export async function fingerprintHash(value: unknown, subtle: Pick<SubtleCrypto, 'digest'> | undefined = globalThis.crypto?.subtle): Promise<string> {
  const text = stableStringify(value);
  if (subtle && typeof subtle.digest === 'function') {
    try {
      const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
      return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    } catch {
      // Fall back below.
    }
  }
  return cyrb53Hex(text);
}
