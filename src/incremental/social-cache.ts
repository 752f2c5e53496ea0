import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { attempt } from '../fs/attempt.js';
import { linkOrCopy } from '../fs/link-or-copy.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import { replaceFile } from '../fs/replace-file.js';
import { drawSocialCard } from '../images/social-card.js';
import { isOnDisk, type OutputBytes } from '../model/output-file.js';
import { SOCIAL_IMAGE, type SocialCard } from '../model/social-image.js';
import type { WorkerPool } from '../parallel/worker-pool.js';
import { socialImageName, type SocialDrawer } from '../social/social-images.js';

/**
 * Cards that draw faster in this thread than in the pool: a worker that has not run yet first loads
 * the drawing engines and parses its fonts (a dev edit of one title, a CI build whose cache lacks a few).
 */
const FEW_CARDS = 8;
/** Cards sent to the pool at once: their PNGs are on disk before the next are drawn, so memory stays flat however many a site has. */
const CHUNK = 256;

/**
 * Images drawn or read by builds that write nothing, in this process, by key, up to MEMORY_BYTES:
 * such a build (tests, `sitegen dev`) keeps its output in memory, and the next one of the same
 * process, whatever its cache folder, draws none of the cards it shares with an earlier one. The
 * key is a digest of everything drawn, so an entry is right for any site.
 */
const inProcess = new Map<string, Uint8Array>();
let memoryBytes = 0;
const MEMORY_BYTES = 192 * 1024 * 1024;

/**
 * Where this process has seen each image on disk, in whatever cache folder: a later build of the
 * process with another folder (a test's, a CLI run's) links or reads it from there rather than
 * draw it again. Paths only: a large site's images stay on disk.
 */
const seenOnDisk = new Map<string, string>();

/**
 * The name the output cache keeps an image's bytes by (FileOnDisk.digest): the key is a digest of
 * everything drawn, so its bytes are always the same; hashed again with a prefix so that it can never
 * be taken for another file's content digest. Saves reading back 20 000 PNGs after every build.
 */
const bytesName = (key: string) => createHash('sha256').update(`social image ${key}`).digest('hex');

function remember(key: string, png: Uint8Array): void {
  if (inProcess.has(key)) return;
  inProcess.set(key, png);
  memoryBytes += png.byteLength;
  // The oldest go first (a Map keeps insertion order).
  for (const [old, bytes] of inProcess) {
    if (memoryBytes <= MEMORY_BYTES) break;
    inProcess.delete(old);
    memoryBytes -= bytes.byteLength;
  }
}

export interface SocialCacheOptions {
  /** Read entries, write none: a build that writes nothing (unless asked, as `sitegen dev` does). */
  readOnly: boolean;
  /**
   * The build writes its output: an image the cache holds is handed to emit as the cache's file,
   * which emit links into place, so no PNG is held in memory (a site of 20 000 pages has 800 MB of them).
   */
  onDisk: boolean;
  pool?: WorkerPool;
  /** Image names (socialImageName) whose file in the previous output was changed in place: their cache files, linked to those, changed too. */
  untrusted: (name: string) => boolean;
}

/**
 * Social images through the caches, then the cards they lack drawn in the session's worker threads,
 * or in this one when they are few. On disk as `<cache>/social/ab/<key>.png`, written whole or not
 * at all (a temporary file renamed); in this process's memory for builds that write nothing, and
 * found where the process saw them on disk before. A file read into memory that is not a whole
 * 1200×630 PNG (damaged) is drawn again.
 */
export function socialDrawer(dir: string, options: SocialCacheOptions): SocialDrawer {
  const { readOnly, onDisk, pool, untrusted } = options;
  /**
   * An image the caches hold. A build that writes nothing takes it from memory first; one that
   * writes takes the cache's file (or one this process saw elsewhere), which emit links, and only
   * then the bytes in memory, which it writes to its cache folder.
   */
  const cached = (key: string): OutputBytes | undefined => {
    if (!onDisk && inProcess.has(key)) return inProcess.get(key);
    if (untrusted(socialImageName(key))) return undefined;
    const own = fileOf(dir, key);
    for (let file of new Set([own, seenOnDisk.get(key) ?? ''])) {
      if (!file) continue;
      // Found in another folder: this one gets it too (a link), for the next process that uses it.
      if (file !== own && !readOnly && adopt(file, own)) file = own;
      if (onDisk) {
        // Not read: emit links it. It was renamed into place whole; a size says it is there.
        const size = attempt(() => statSync(file).size);
        if (!size) continue;
        seenOnDisk.set(key, file);
        return { onDisk: file, size, digest: bytesName(key) };
      }
      const png = readEntry(file);
      if (!png) continue;
      seenOnDisk.set(key, file);
      remember(key, png);
      return png;
    }
    return onDisk ? inProcess.get(key) : undefined;
  };
  /** A drawn image: kept on disk (and handed on as that file) or in memory. */
  const keep = async (key: string, png: Uint8Array): Promise<OutputBytes> => {
    if (!onDisk) remember(key, png);
    if (readOnly) return png;
    // The cache only saves time: a full disk or a read-only folder must not fail the build.
    const written = await writeEntry(dir, key, png).then(() => true, () => false);
    if (written) seenOnDisk.set(key, fileOf(dir, key));
    return onDisk && written ? { onDisk: fileOf(dir, key), size: png.byteLength, digest: bytesName(key) } : png;
  };
  return async (jobs, done) => {
    const files: (OutputBytes | undefined)[] = jobs.map(({ key }) => cached(key));
    // Bytes a build of this process drew: a build that writes keeps them in its cache folder too.
    if (onDisk && !readOnly) await mapConcurrent(jobs, 8, async ({ key }, i) => { const hit = files[i]; if (hit && !isOnDisk(hit)) files[i] = await keep(key, hit); });
    const missing = jobs.flatMap((job, i) => (files[i] ? [] : [{ ...job, index: i }]));
    if (jobs.length > missing.length) done?.(jobs.length - missing.length);
    for (let start = 0; start < missing.length; start += CHUNK) {
      const chunk = missing.slice(start, start + CHUNK);
      const cards = chunk.map((job) => job.card);
      const pngs = pool && missing.length > FEW_CARDS ? (await pool.run('social', cards, null, done)).map((d) => d.png) : await drawHere(cards, done);
      await mapConcurrent(chunk, 8, async ({ key, index }, i) => { files[index] = await keep(key, pngs[i]!); });
    }
    return { files: files as OutputBytes[], drawn: missing.length };
  };
}

async function drawHere(cards: readonly SocialCard[], done?: (count: number) => void): Promise<Uint8Array[]> {
  const pngs: Uint8Array[] = [];
  for (const card of cards) {
    pngs.push((await drawSocialCard(card)).png);
    done?.(1);
  }
  return pngs;
}

const fileOf = (dir: string, key: string) => join(dir, key.slice(0, 2), `${key}.png`);

// Read synchronously: a thousand small files one after another, where each await left the thread idle.
function readEntry(file: string): Uint8Array | undefined {
  const bytes = attempt(() => readFileSync(file));
  return bytes && isWholeCard(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

function adopt(file: string, own: string): boolean {
  return attempt(() => {
    mkdirSync(dirname(own), { recursive: true });
    linkOrCopy(file, own);
    return true;
  }) ?? false;
}

async function writeEntry(dir: string, key: string, png: Uint8Array): Promise<void> {
  const file = fileOf(dir, key);
  mkdirSync(dirname(file), { recursive: true });
  // Two builds may draw one card at once: each writes its own temporary file.
  await replaceFile(file, png);
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** A PNG of the card's size that ends with its end chunk: not a file cut short or another file. */
export function isWholeCard(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + IEND.length) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return SIGNATURE.every((b, i) => bytes[i] === b)
    && view.getUint32(16) === SOCIAL_IMAGE.width && view.getUint32(20) === SOCIAL_IMAGE.height
    && IEND.every((b, i) => bytes[bytes.length - IEND.length + i] === b);
}
