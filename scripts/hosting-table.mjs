#!/usr/bin/env node
// Writes the hosting table of README.md from the rows the host tests recorded
// (test-results/hosting/<target>.json, written by every run of tests/hosts). Run the host tests
// first: `npm run hosting-table` does both. The tests fail while the README's rows differ.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(import.meta.dirname, '..');
const bundled = await esbuild.build({ entryPoints: [join(root, 'tests/hosts/support/host-table.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent', packages: 'external' });
const source = new TextDecoder().decode(bundled.outputFiles[0].contents).replaceAll('import.meta.dirname', JSON.stringify(join(root, 'tests/hosts/support')));
const table = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const ORDER = ['sitegen serve', 'vercel', 'cloudflare', 'netlify', 'cloudflare _redirects only', 'netlify _redirects only', 'nginx'];
const rows = readdirSync(table.RESULTS_DIR).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(table.RESULTS_DIR, f), 'utf8')));
rows.sort((a, b) => ORDER.indexOf(a.target) - ORDER.indexOf(b.target));
const missing = ORDER.filter((name) => !rows.some((r) => r.target === name));
if (missing.length) {
  console.error(`no results for ${missing.join(', ')}: run the host tests first (npx vitest run tests/hosts)`);
  process.exit(1);
}
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(table.TABLE_START);
const end = readme.indexOf(table.TABLE_END);
if (start < 0 || end < start) {
  console.error(`README.md has no ${table.TABLE_START} … ${table.TABLE_END} markers`);
  process.exit(1);
}
writeFileSync(readmePath, `${readme.slice(0, start)}${table.TABLE_START}\n${table.renderTable(rows)}\n${readme.slice(end)}`);
console.log(`README.md: hosting table of ${rows.length} targets`);
