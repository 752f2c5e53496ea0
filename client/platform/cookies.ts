/** Cookies, read and written defensively: a page where document.cookie throws still works. */

import { decodeOrKeep } from '../../src/format/percent-decode.js';
import { cookieString } from '../../src/model/browser-contract.js';

export function getCookie(doc: Document, name: string): string | undefined {
  let all: string;
  try {
    all = doc.cookie;
  } catch {
    return undefined;
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return decodeOrKeep(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function setCookie(doc: Document, name: string, value: string, days: number): void {
  try {
    doc.cookie = cookieString(name, value, days);
  } catch {
    // Cookies disabled: the page works on without remembering.
  }
}
