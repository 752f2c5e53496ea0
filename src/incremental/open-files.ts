import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Files a build reads pieces of, at known offsets, many times over (the Markdown cache's packs: a
 * page's body is read when the page renders). Each stays open between reads, up to a few at once:
 * the least recently read is closed for the next (a system may allow a process only 256 open files).
 */
export class OpenFiles {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit = 16) {}

  /** `length` bytes of the file at `position` (fewer if the file is shorter). */
  read(path: string, position: number, length: number): Buffer {
    const fd = this.fd(path);
    const bytes = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, bytes, got, length - got, position + got);
      if (n === 0) break;
      got += n;
    }
    return bytes.subarray(0, got);
  }

  /** The file was replaced (renamed over): the next read opens the new one. */
  forget(path: string): void {
    const fd = this.open.get(path);
    if (fd === undefined) return;
    this.open.delete(path);
    closeSync(fd);
  }

  /** Closes every file; a later read opens its file again. */
  close(): void {
    for (const path of [...this.open.keys()]) this.forget(path);
  }

  private fd(path: string): number {
    let fd = this.open.get(path);
    if (fd !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.open.delete(path);
      this.open.set(path, fd);
      return fd;
    }
    fd = openSync(path, 'r');
    this.open.set(path, fd);
    if (this.open.size > this.limit) this.forget(this.open.keys().next().value!);
    return fd;
  }
}
