#!/usr/bin/env node
// The direction of sitegen's code, from dependency-cruiser with the rules in .dependency-cruiser.cjs:
// folders of src/, the arrows between them, the arrows that run back up the layer order, and the
// circles. Exits 1 on any rule violation (tests/unit/architecture runs the same check in npm test).
// Usage: node scripts/import-graph.mjs [--root DIR] [--json]
//   --root: another checkout (e.g. an older commit in a git worktree), judged by this checkout's rules;
//   --old-layout: with the folders that layout had and this one has not placed where their files went
//     (locales on the floor; config with load; cache and rebuild with incremental).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const here = resolve(import.meta.dirname, '..');
const arg = (name) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const root = resolve(arg('root') ?? here);
const rulesFile = resolve(here, '.dependency-cruiser.cjs');
const { FLOOR: floor, LAYERS: layers, rulesFor } = createRequire(import.meta.url)(rulesFile).layers;
const oldLayout = process.argv.includes('--old-layout');
const FLOOR = oldLayout ? [...floor, 'locales'] : floor;
const LAYERS = oldLayout ? layers.flatMap((l) => (l === 'load' ? ['load', 'config'] : l === 'incremental' ? ['cache', 'rebuild', 'incremental'] : [l])) : layers;

export async function importGraph(projectRoot = root) {
  const options = await extractDepcruiseOptions(rulesFile);
  options.ruleSet = { ...options.ruleSet, forbidden: rulesFor(FLOOR, LAYERS) };
  const previous = process.cwd();
  process.chdir(projectRoot);
  try {
    const tsConfig = extractTSConfig(resolve(projectRoot, 'tsconfig.json'));
    const { output } = await cruise(['src', 'client', 'templates'].filter((dir) => existsSync(resolve(projectRoot, dir))), { ...options, validate: true, outputType: 'json' }, {}, { tsConfig });
    return summarise(typeof output === 'string' ? JSON.parse(output) : output);
  } finally {
    process.chdir(previous);
  }
}

const folderOf = (path) => { const m = /^src\/([^/]+)(\/|$)/.exec(path); return m ? m[1] : path.split('/')[0]; };

function summarise(result) {
  const arrows = new Map();
  for (const module of result.modules) {
    for (const dep of module.dependencies) {
      if (!dep.resolved.startsWith('src/') && !/^(client|templates)\//.test(dep.resolved)) continue;
      const from = folderOf(module.source), to = folderOf(dep.resolved);
      if (from !== to) arrows.set(`${from} -> ${to}`, (arrows.get(`${from} -> ${to}`) ?? 0) + 1);
    }
  }
  const folders = new Set(result.modules.filter((m) => m.source.startsWith('src/')).map((m) => folderOf(m.source)));
  const violations = result.summary.violations;
  const back = violations.filter((v) => v.rule.name !== 'no-circular');
  const circles = violations.filter((v) => v.rule.name === 'no-circular');
  return { folders: [...folders].sort(), arrows, back, circles, folderCircles: stronglyConnected(folders, arrows), modules: result.summary.totalCruised };
}

/** Groups of folders that import each other round (Tarjan). */
function stronglyConnected(folders, arrows) {
  const next = new Map([...folders].map((f) => [f, []]));
  for (const key of arrows.keys()) { const [a, b] = key.split(' -> '); if (next.has(a) && next.has(b)) next.get(a).push(b); }
  let index = 0; const stack = [], on = new Set(), idx = new Map(), low = new Map(), groups = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
    for (const w of next.get(v)) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) { const g = []; let w; do { w = stack.pop(); on.delete(w); g.push(w); } while (w !== v); if (g.length > 1) groups.push(g.sort()); }
  };
  for (const v of next.keys()) if (!idx.has(v)) visit(v);
  return groups;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = await importGraph();
  if (process.argv.includes('--json')) console.log(JSON.stringify({ ...graph, arrows: Object.fromEntries(graph.arrows) }, null, 2));
  else {
    console.log(`layers (bottom up): [${FLOOR.join(' ')}] ${LAYERS.join(' < ')}`);
    console.log(`${graph.modules} modules, ${graph.folders.length} folders of src/, ${graph.arrows.size} folder-to-folder arrows`);
    console.log(`back arrows (a folder importing one above it, or an unplaced folder): ${graph.back.length}`);
    for (const v of graph.back) console.log(`  ${v.rule.name}: ${v.from} -> ${v.to}`);
    console.log(`module circles: ${graph.circles.length}; folders in circles: ${graph.folderCircles.map((g) => `{${g.join(' ')}}`).join(' ') || 'none'}`);
  }
  process.exit(graph.back.length || graph.circles.length ? 1 : 0);
}
