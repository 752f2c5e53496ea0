import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from '../fs/collect-garbage.js';

/**
 * How much V8's heap may have grown since the last full collection before a stage end collects it.
 * Small builds (fixtures, the sample site) never reach it and pay nothing.
 */
const GROWTH = 256 * 1024 * 1024;

/**
 * A full collection at the end of a stage whose garbage is large. V8 lets the heap grow to several
 * times what is alive before it collects in full, and the build's peak memory is where that growth
 * meets the next stage's: the 4000-article corpus's parse left 1.35 GB in the heap of which
 * 0.5 GB was alive, and validate, route and the reports then raised the process to 1.74 GB. So the
 * build collects at the stage ends where a stage's temporaries die (the Markdown bodies that passed
 * through, the parsed front matter, the drawn cards, the rendered pages) and in parse after each
 * window of bodies, and once the sitemaps and reports are written; at that size a collection took
 * 0.14–0.48 s (docs/benchmarks.md).
 */
export function stageCollections(): () => void {
  let after = heldBytes();
  return () => {
    if (heldBytes() - after < GROWTH) return;
    collectGarbage();
    after = heldBytes();
  };
}

/**
 * The heap and the byte arrays it owns outside itself, which a collection frees with their owners:
 * the sitemaps and reports of the 4000-article corpus are 200 MB of byte arrays against 30 MB of
 * heap, so counting the heap alone never asked for a collection there.
 */
function heldBytes(): number {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
}
