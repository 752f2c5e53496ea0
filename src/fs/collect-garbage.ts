import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full collection of V8's heap, now. Reached the documented way without starting node with
 * --expose-gc: the flag set at run time, then the `gc` function a new context sees.
 * (src/images/social-card.ts reaches it the same way on its own: every change to that file renames
 * every social image, since drawingVersion hashes it, and a site of 84 000 pages takes 25 minutes to
 * draw them again.)
 */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
