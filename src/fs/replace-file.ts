import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';

/**
 * Writes a file whole or not at all: into a temporary file beside it, renamed over it. A reader
 * never sees half of it, and two processes writing the same file at once each write their own
 * temporary file (the last rename wins). `data` may be pieces of text, written as they come (the
 * records a large site's build keeps are tens of megabytes of JSON: never one string in memory).
 */
export async function replaceFile(path: string, data: string | Uint8Array | Iterable<string>): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, typeof data === 'string' || data instanceof Uint8Array ? data : batched(data));
  await rename(temp, path);
}

/** Pieces of text joined into writes of about 64 kB: a write per JSON record would be a system call per record. */
function* batched(pieces: Iterable<string>, size = 1 << 16): Generator<string> {
  let batch: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    batch.push(piece);
    length += piece.length;
    if (length >= size) {
      yield batch.join('');
      batch = [];
      length = 0;
    }
  }
  if (batch.length) yield batch.join('');
}
