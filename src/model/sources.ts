/** The content as read from disk: the load stage makes it, parse reads it. */

import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { SourcePosition } from '../errors/site-error.js';

const decoder = new TextDecoder('utf-8', { fatal: false });

export interface SourceFile {
  /** Path relative to the project root, POSIX-style: content/en/blog/x.md. */
  path: string;
  /** SHA-256 of the file's bytes as read (sourceDigest): the build stamp knows the file by it, and parse, reading it again, whether it changed since. */
  digest: string;
  /**
   * The text. Markdown files have none unless the build keeps them (a dev session, which edits
   * them): parse reads each when it gets to it, so the site's Markdown is never in memory all at
   * once (300 MB at 56 000 articles).
   */
  text?: string;
  /** Set when the bytes were not UTF-8 (the text has U+FFFD in their place): parse reports it. */
  malformed?: MalformedUtf8;
}

/** A YAML file of the content: always read with its text (data, messages, FAQ: small). */
export type TextFile = SourceFile & { text: string };

export const sourceDigest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Where a file stops being UTF-8. */
export interface MalformedUtf8 {
  /** The first byte that is no part of a UTF-8 character, at its place in the decoded text. */
  position: SourcePosition;
  byte: number;
  /** How many places of the file are malformed. */
  count: number;
}

export interface PublicAsset {
  /** Path the file is served at: /images/x.svg. */
  urlPath: string;
  bytes: Uint8Array;
}

export interface SourceSet {
  contentDir: string;
  /** Markdown and YAML files of the content directory, sorted by path. */
  files: SourceFile[];
  /** Files under <content>/public, copied to every host as they are. */
  assets: PublicAsset[];
}

/**
 * A content file's text: UTF-8 without a byte order mark. Malformed bytes become U+FFFD, as a browser
 * shows them, and are described in `malformed` so the writer hears of it (a Latin-1 "é" rendered as
 * "Poly�Browser" without a word was issue 19).
 */
export function decodeSource(bytes: Uint8Array): { text: string; malformed?: MalformedUtf8 } {
  const decoded = decoder.decode(bytes);
  const bom = decoded.charCodeAt(0) === 0xfeff;
  const text = bom ? decoded.slice(1) : decoded;
  if (isUtf8(bytes)) return { text };
  const at = firstMalformedByte(bytes);
  // Everything before the first malformed byte is UTF-8: its decoded length is the index in the text.
  const index = decoder.decode(bytes.subarray(0, at)).length - (bom ? 1 : 0);
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const line = countNewlines(text, lineStart) + 1;
  return { text, malformed: { position: { line, column: index - lineStart + 1 }, byte: bytes[at]!, count: replacements(text) - encodedReplacements(bytes) } };
}

/** The offset of the first byte that starts no valid UTF-8 sequence (WHATWG's decoder's rules). */
function firstMalformedByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const [length, low, high] = b < 0x80 ? [1, 0, 0] : b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
      : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]!;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += length;
  }
  return i;
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function replacements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) n++;
  return n;
}

/** U+FFFD written as UTF-8 (EF BF BD): a character like any other. */
function encodedReplacements(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 2 < bytes.length; i++) if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) n++;
  return n;
}
