/**
 * "did you mean" for a misspelt name: the known values closest to what was written, by optimal
 * string alignment distance (Levenshtein plus the swap of two neighbours, so `teamwrok` is one edit
 * from `teamwork`), compared without case. Only close values are offered: at most a third of the
 * word's length in edits (one edit for words of up to five letters), fewer edits than letters that
 * stay the same. A guess that is far off would send the writer the wrong way.
 */
export function closest(written: string, known: readonly string[], limit = 3): string[] {
  const word = written.toLowerCase();
  const most = Math.max(1, Math.floor(word.length / 3));
  const scored = known
    .map((value) => ({ value, distance: editDistance(word, value.toLowerCase()) }))
    .filter(({ value, distance }) => distance <= most && distance < Math.min(word.length, value.length) && value !== written);
  const best = Math.min(...scored.map((s) => s.distance));
  return scored.filter((s) => s.distance === best).map((s) => s.value).slice(0, limit);
}

/** `, did you mean "category"?` (or "a" or "b"), or nothing when no known value is close. */
export function didYouMean(written: string, known: readonly string[]): string {
  const near = closest(written, known);
  return near.length ? `, did you mean ${near.map((v) => `"${v}"`).join(' or ')}?` : '';
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rows are enough: the swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}
