import { copyFile, link } from 'node:fs/promises';

/** A hard link to `from` at `to`; where none can be made (another file system, a link limit), a copy. */
export const linkOrCopy = (from: string, to: string): Promise<void> => link(from, to).catch(() => copyFile(from, to));
