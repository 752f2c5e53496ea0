// Times `sitegen dev` edits on a corpus the benchmark made (npm run bench; /tmp/sitegen-bench/<n>), without the rest
// of the benchmark: `node tests/bench/dev-edits-run.mjs <corpus folder> [--cache-dir <dir>]
// [--edits 10] [--settle-ms 15000] [--repo <sitegen checkout>]`. Prints each edit's latency (the
// save to the page served with it, measureDevEdits) and the median, the first build's seconds and
// the server's peak RSS. --repo times another checkout of sitegen on the same corpus (before and
// after a change); EDIT_GAP sets the ms between edits (300).
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureDevEdits } from './dev-edits.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'cache-dir': { type: 'string' }, edits: { type: 'string', default: '10' }, 'settle-ms': { type: 'string', default: '15000' }, repo: { type: 'string' } },
});
const base = resolve(positionals[0] ?? '');
if (!positionals[0]) throw new Error('usage: node tests/bench/dev-edits-run.mjs <corpus folder> [--cache-dir <dir>] [--edits N] [--settle-ms MS] [--repo <checkout>]');
const repo = resolve(values.repo ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));
const articleIds = readdirSync(join(base, 'content/en/blog')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
const result = await measureDevEdits({
  repo, base, cacheDir: resolve(values['cache-dir'] ?? join(base, '.cache')), articleIds,
  edits: Number(values.edits), settleMs: Number(values['settle-ms']),
});
const sorted = [...result.latencies].sort((a, b) => a - b);
console.log(`edits (ms, save to page served): ${result.latencies.map(Math.round).join(', ')}`);
console.log(`median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms; first build ${result.firstBuild.toFixed(1)} s; server peak RSS ${Math.round(result.rss)} MiB`);
console.log(result.log.split('\n').filter((line) => line.startsWith('built in')).join('\n'));
