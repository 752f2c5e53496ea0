import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';

/**
 * Writes a file whole or not at all: into a temporary file beside it, renamed over it. A reader
 * never sees half of it, and two processes writing the same file at once each write their own
 * temporary file (the last rename wins).
 */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}
