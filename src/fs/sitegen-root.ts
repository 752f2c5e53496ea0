import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where sitegen itself is installed: its own sources (the edge middleware) are bundled from there,
 * not from the site being built. Found by walking up from this module, which runs either from
 * src/ (tests) or from the CLI bundle under node_modules/.cache/sitegen.
 */
export function sitegenRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    if (existsSync(join(dir, 'src/edge/middleware.ts'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`sitegen's sources (src/edge/middleware.ts) were not found above ${import.meta.dirname}`);
    dir = parent;
  }
}
