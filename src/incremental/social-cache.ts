import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { attempt } from '../fs/attempt.js';
import { mapConcurrent } from '../fs/map-concurrent.js';
import { replaceFile } from '../fs/replace-file.js';
import { drawSocialCard } from '../images/social-card.js';
import { SOCIAL_IMAGE, type SocialCard } from '../model/social-image.js';
import type { WorkerPool } from '../parallel/worker-pool.js';
import type { SocialDrawer } from '../social/social-images.js';

/**
 * Cards that draw faster in this thread than in the pool: a worker that has not run yet first loads
 * the drawing engines and parses its fonts (a dev edit of one title, a CI build whose cache lacks a few).
 */
const FEW_CARDS = 8;

/**
 * Images drawn or read in this process, by key, up to MEMORY_BYTES: a build that writes nothing
 * (tests, `sitegen dev`) keeps what it drew here rather than on disk, and the next build of the
 * same process, whatever its cache folder, draws none of the cards it shares with an earlier one.
 * The key is a digest of everything drawn, so an entry is right for any site and any folder.
 */
const inProcess = new Map<string, Uint8Array>();
let memoryBytes = 0;
const MEMORY_BYTES = 192 * 1024 * 1024;

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

/**
 * Social images through the caches, then the cards they lack drawn in the session's worker threads,
 * or in this one when they are few. On disk (`<cache>/social/ab/<key>.png`, unless `readOnly`: a
 * build that writes nothing) and in this process's memory. A file that is not a whole 1200×630 PNG
 * (cut short by a full disk, or damaged) is drawn again.
 */
export function socialDrawer(dir: string, options: { readOnly: boolean; pool?: WorkerPool }): SocialDrawer {
  return async (jobs, done) => {
    const pngs: (Uint8Array | undefined)[] = jobs.map(({ key }) => {
      const png = inProcess.get(key) ?? readEntry(dir, key);
      if (png) remember(key, png);
      return png;
    });
    const missing = jobs.filter((_, i) => !pngs[i]);
    if (jobs.length > missing.length) done?.(jobs.length - missing.length);
    const cards = missing.map((job) => job.card);
    const drawn = !missing.length ? [] : options.pool && missing.length > FEW_CARDS ? (await options.pool.run('social', cards, null, done)).map((d) => d.png) : await drawHere(cards, done);
    missing.forEach(({ key }, i) => remember(key, drawn[i]!));
    // The cache only saves time: a full disk or a read-only folder must not fail the build.
    if (!options.readOnly) await mapConcurrent(missing, 8, ({ key }, i) => writeEntry(dir, key, drawn[i]!).catch(() => undefined));
    const byKey = new Map(missing.map(({ key }, i) => [key, drawn[i]!] as const));
    return { pngs: jobs.map(({ key }, i) => pngs[i] ?? byKey.get(key)!), drawn: missing.length };
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
function readEntry(dir: string, key: string): Uint8Array | undefined {
  const bytes = attempt(() => readFileSync(fileOf(dir, key)));
  return bytes && isWholeCard(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

async function writeEntry(dir: string, key: string, png: Uint8Array): Promise<void> {
  const file = fileOf(dir, key);
  mkdirSync(dirname(file), { recursive: true });
  // Two builds may draw one card at once: each writes its own temporary file.
  await replaceFile(file, png);
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** A PNG of the card's size that ends with its end chunk: not a file cut short. */
export function isWholeCard(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + IEND.length) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return SIGNATURE.every((b, i) => bytes[i] === b)
    && view.getUint32(16) === SOCIAL_IMAGE.width && view.getUint32(20) === SOCIAL_IMAGE.height
    && IEND.every((b, i) => bytes[bytes.length - IEND.length + i] === b);
}
