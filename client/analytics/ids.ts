/** Random identifiers for devices and events: crypto.randomUUID when the browser has it, else Math.random. */

export interface RandomSource {
  randomUUID?: () => string;
}

export function randomId(source: RandomSource | undefined = globalThis.crypto): string {
  try {
    if (source && typeof source.randomUUID === 'function') return source.randomUUID();
  } catch {
    // Not a secure context, or a broken polyfill: fall through.
  }
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}
