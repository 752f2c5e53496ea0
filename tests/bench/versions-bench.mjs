#!/usr/bin/env node
// This checkout of sitegen against another (an older commit, checked out with `git worktree add`) on
// the same benchmark corpus, side by side in one run: each figure is measured for both in turn
// (A B A B ...), so a machine that slows down during the run slows both. For a change that must not
// make sitegen slower (a restructuring): the ratios are the figures to quote, not the seconds.
//   cold       no cache, all cores
//   warm       nothing changed: the build keeps its output
//   rebuild    --rebuild: every page's inputs checked, unchanged pages linked
//   one edit   the cache, one article changed
//   dev edit   `sitegen dev` running: one article edited at a time, from the save to the page served
// Also checks that both checkouts build the corpus to the same bytes (a hash of every output file).
// Usage: node tests/bench/versions-bench.mjs --baseline DIR [--articles N] [--runs R] [--edits K] [--dir DIR]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { articleId, writeCorpus } from './corpus.mjs';
import { measureDevEdits } from './dev-edits.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(import.meta.dirname, '../..');
const baseline = arg('baseline');
if (!baseline) throw new Error('--baseline DIR: the other checkout (e.g. git worktree add /tmp/sitegen-before <commit>; its node_modules linked or installed)');
const n = Number(arg('articles', '1000'));
const runs = Number(arg('runs', '3'));
const edits = Number(arg('edits', '10'));
const dir = resolve(arg('dir', `/tmp/sitegen-versions/${n}`));

/** A project over one checkout: the corpus's content, that checkout's templates, client, src and packages. */
function project(name, repo) {
  const base = join(dir, name);
  writeCorpus(base, n, repo);
  for (const folder of ['templates', 'client']) cpSync(join(repo, folder), join(base, folder), { recursive: true });
  for (const folder of ['src', 'node_modules']) symlinkSync(join(repo, folder), join(base, folder));
  cpSync(join(repo, 'package-lock.json'), join(base, 'package-lock.json'));
  return { name, repo, base, cache: join(base, '.cache') };
}

function timed(p, extra = []) {
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, join(p.repo, 'bin/sitegen'), 'build', '--json', '--cache-dir', p.cache, ...extra], { cwd: p.base, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${p.name}: sitegen build failed:\n${result.stderr.slice(-3000)}`);
  const [, wall, kb] = /TIME ([\d.]+) (\d+)/.exec(result.stderr);
  return { wall: Number(wall), rss: Number(kb) / 1024 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Every output file's hash, by path. */
function hashTree(root) {
  const lines = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else lines.set(relative(root, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(root);
  return lines;
}

/** The output files that differ between the two builds (or exist in one only). */
function differing(x, y) {
  return [...new Set([...x.keys(), ...y.keys()])].filter((path) => x.get(path) !== y.get(path)).sort();
}

rmSync(dir, { recursive: true, force: true });
const a = project('this', here);
const b = project('baseline', resolve(baseline));
const rows = [];
/** Runs `once(p)` for A and B in turn, `runs` times, `before(p, i)` ahead of each. */
function pair(label, once, before = () => {}) {
  const samples = { this: [], baseline: [] };
  for (let i = 0; i < runs; i++) {
    for (const p of [a, b]) {
      before(p, i);
      samples[p.name].push(once(p));
    }
  }
  const fig = (name) => ({ wall: median(samples[name].map((s) => s.wall)), rss: Math.max(...samples[name].map((s) => s.rss)) });
  rows.push({ label, a: fig('this'), b: fig('baseline'), ratio: median(samples.this.map((s, i) => s.wall / samples.baseline[i].wall)) });
  process.stderr.write(`${label}: ${rows.at(-1).a.wall} s against ${rows.at(-1).b.wall} s\n`);
}

// Each checkout's CLI compiles itself on first use: once, outside the figures.
for (const p of [a, b]) spawnSync(process.execPath, [join(p.repo, 'bin/sitegen'), '--version'], { cwd: p.base });
const clean = (p) => { rmSync(p.cache, { recursive: true, force: true }); rmSync(join(p.base, 'dist'), { recursive: true, force: true }); };
pair('cold', (p) => timed(p), clean);
const outputs = [a, b].map((p) => hashTree(join(p.base, 'dist')));
const differ = differing(outputs[0], outputs[1]);
pair('warm (nothing changed)', (p) => timed(p));
pair('rebuild (--rebuild)', (p) => timed(p, ['--rebuild']));
pair('one edit', (p) => timed(p), (p, i) => appendFileSync(join(p.base, 'content/en/blog', `${articleId(1)}.md`), `\nEdited in run ${i}.\n`));
const dev = {};
if (edits > 0) {
  for (const p of [a, b]) {
    process.stderr.write(`sitegen dev (${p.name})\n`);
    dev[p.name] = await measureDevEdits({ repo: p.repo, base: p.base, cacheDir: p.cache, articleIds: Array.from({ length: n }, (_, i) => articleId(i + 1)), edits, settleMs: n >= 100 ? 6000 : 1000 });
  }
}

console.log(`\n${n} articles per locale; medians of ${runs} runs each, A and B in turn; ratio = median of this/baseline per pair`);
console.log(`| | this s | baseline s | ratio | this peak MiB | baseline peak MiB |\n|---|---:|---:|---:|---:|---:|`);
for (const r of rows) console.log(`| ${r.label} | ${r.a.wall.toFixed(2)} | ${r.b.wall.toFixed(2)} | ${r.ratio.toFixed(2)} | ${r.a.rss.toFixed(0)} | ${r.b.rss.toFixed(0)} |`);
if (edits > 0) {
  const med = (p) => median(dev[p].latencies);
  console.log(`| dev edit (ms, median of ${edits}) | ${med('this').toFixed(0)} | ${med('baseline').toFixed(0)} | ${(med('this') / med('baseline')).toFixed(2)} | ${dev.this.rss.toFixed(0)} | ${dev.baseline.rss.toFixed(0)} |`);
}
console.log(`cold builds' output: ${outputs[0].size} files; ${differ.length ? `${differ.length} differ: ${differ.slice(0, 12).join(', ')}${differ.length > 12 ? ', ...' : ''}` : 'every file byte-identical'}`);
