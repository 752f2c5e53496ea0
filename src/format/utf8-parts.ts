const encoder = new TextEncoder();

/** Text is encoded a piece of about this many characters at a time. */
const PIECE = 1 << 20;

/**
 * The UTF-8 bytes of the parts joined, without the joined text: a document of tens of megabytes
 * made from many small parts is held once as bytes, not also as one string (two bytes a character
 * once a single character is not Latin-1) and the parts' array.
 */
export function utf8OfParts(parts: Iterable<string>): Uint8Array {
  const pieces: Uint8Array[] = [];
  let text = '';
  for (const part of parts) {
    text += part;
    if (text.length >= PIECE) {
      pieces.push(encoder.encode(text));
      text = '';
    }
  }
  pieces.push(encoder.encode(text));
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}
