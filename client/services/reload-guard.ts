/**
 * Spec §8: a failed chunk load (a deploy replaced the hashed files) reloads the page, at most once
 * per 10 s; within that window the caller shows the fatal error screen instead of looping.
 */
import { STORAGE, TIMING } from '../constants.js';
import type { SafeStorage } from '../platform/storage.js';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /importing a module script failed/i,
  /error loading dynamically imported module/i,
  /loading (?:css )?chunk [\w-]+ failed/i,
];

/** True for the errors browsers (and bundlers) give when a dynamic import's file cannot load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || (typeof error !== 'object' && typeof error !== 'string')) return false;
  if (typeof error === 'string') return CHUNK_ERROR_PATTERNS.some((p) => p.test(error));
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((p) => p.test(message));
}

export interface ReloadGuardDeps {
  /** sessionStorage-backed, so the guard is per tab. */
  storage: SafeStorage;
  now?: () => number;
  reload: () => void;
}

/**
 * Reloads and returns true unless a guarded reload happened under 10 s ago, or the storage cannot
 * remember the reload; then returns false and the caller shows the fatal error screen.
 */
export function reloadOnChunkFailure(deps: ReloadGuardDeps): boolean {
  const now = (deps.now ?? Date.now)();
  const last = Number(deps.storage.get(STORAGE.lastReload));
  const recent = Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < TIMING.reloadGuardMs;
  if (recent) return false;
  deps.storage.set(STORAGE.lastReload, String(now));
  // Storage that keeps nothing cannot guard: reloading would loop, so leave it to the error screen.
  if (deps.storage.get(STORAGE.lastReload) !== String(now)) return false;
  deps.reload();
  return true;
}
