import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where sitegen itself is installed: its own sources (the edge middleware) are bundled from there,
 * not from the site being built. bin/sitegen says where (SITEGEN_ROOT): the CLI bundle it runs sits
 * under node_modules/.cache/sitegen, which may be a link into another checkout. Otherwise found by
 * walking up from this module (src/ in tests).
 */
export function sitegenRoot(): string {
  const given = process.env.SITEGEN_ROOT;
  if (given && existsSync(join(given, 'src/edge/middleware.ts'))) return given;
  let dir = import.meta.dirname;
  for (;;) {
    if (existsSync(join(dir, 'src/edge/middleware.ts'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`sitegen's sources (src/edge/middleware.ts) were not found above ${import.meta.dirname}`);
    dir = parent;
  }
}
