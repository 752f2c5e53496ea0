import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The result's view of an output the build wrote: its paths, and each file's bytes read from the
 * output directory when asked for. A build that streams its pages to disk keeps none of them, so
 * its result must not either; callers that read a few files (tests, `build --check` for its edge
 * document) read just those.
 */
export class OutputOnDisk implements ReadonlyMap<string, Uint8Array> {
  private readonly paths: ReadonlySet<string>;

  constructor(private readonly dir: string, paths: Iterable<string>) {
    this.paths = new Set(paths);
  }

  get size(): number {
    return this.paths.size;
  }

  has(path: string): boolean {
    return this.paths.has(path);
  }

  get(path: string): Uint8Array | undefined {
    if (!this.has(path)) return undefined;
    const bytes = readFileSync(join(this.dir, path));
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  *keys(): MapIterator<string> {
    yield* this.paths;
  }

  *values(): MapIterator<Uint8Array> {
    for (const path of this.paths) yield this.get(path)!;
  }

  *entries(): MapIterator<[string, Uint8Array]> {
    for (const path of this.paths) yield [path, this.get(path)!];
  }

  [Symbol.iterator](): MapIterator<[string, Uint8Array]> {
    return this.entries();
  }

  forEach(callback: (value: Uint8Array, key: string, map: ReadonlyMap<string, Uint8Array>) => void): void {
    for (const [path, bytes] of this.entries()) callback(bytes, path, this);
  }
}
