import { readFile } from 'node:fs/promises';
import { isOnDisk, type OutputBytes } from '../model/output-file.js';

/** An output file's text, also when render already streamed its bytes to disk (a FileOnDisk). */
export async function outputText(contents: string | OutputBytes): Promise<string> {
  if (typeof contents === 'string') return contents;
  return isOnDisk(contents) ? readFile(contents.onDisk, 'utf8') : new TextDecoder().decode(contents);
}
