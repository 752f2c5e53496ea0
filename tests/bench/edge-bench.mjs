#!/usr/bin/env node
// Middleware time per request: the case table (tests/fixtures/redirect-cases.yaml) replayed N times
// against the bundled edge document, side by side with a floor run in the same process that does
// only what any middleware must (parse the URL, read the two headers) and returns nothing.
// Usage: npm run bench:edge [-- --requests 100000]
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const argIndex = process.argv.indexOf('--requests');
const total = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 100_000;

// Inside the project so the bundle's bare imports resolve to node_modules.
const dir = mkdtempSync(join(root, 'node_modules/.cache/sitegen-bench-'));
const entry = join(dir, 'entry.ts');
writeFileSync(entry, `
export { build } from ${JSON.stringify(join(root, 'src/build.ts'))};
export { createMiddleware } from ${JSON.stringify(join(root, 'src/edge/middleware.ts'))};
export { memorySourceFs } from ${JSON.stringify(join(root, 'src/fs/source-fs.ts'))};
export { edgeFixtureFiles } from ${JSON.stringify(join(root, 'tests/fixtures/edge-fixture.ts'))};
`);
await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: join(dir, 'bench.mjs'), packages: 'external', jsx: 'automatic', logLevel: 'error',
  // The fixture module reads its case table beside itself.
  define: { 'import.meta.dirname': JSON.stringify(join(root, 'tests/fixtures')) } });
const lib = await import(pathToFileURL(join(dir, 'bench.mjs')).href);

const result = await lib.build({ root, fs: lib.memorySourceFs(lib.edgeFixtureFiles()), write: false });
if (!result.ok) throw new Error('fixture build failed');
const documentJson = new TextDecoder().decode(result.output.get('edge-config.json'));
const middleware = lib.createMiddleware(JSON.parse(documentJson));
const hostnames = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };
const cases = parse(readFileSync(join(root, 'tests/fixtures/redirect-cases.yaml'), 'utf8')).map((c) => ({
  url: `https://${hostnames[c.host]}${c.pad ? c.path + 'a'.repeat(c.pad - c.path.length) : c.path}`,
  headers: Object.fromEntries([['cookie', c.cookie], ['accept-language', c.acceptLanguage]].filter(([, v]) => v !== undefined)),
}));
const requests = Array.from({ length: total }, (_, i) => cases[i % cases.length]).map((c) => new Request(c.url, { headers: c.headers }));

async function floor(request) {
  const url = new URL(request.url);
  request.headers.get('cookie');
  request.headers.get('accept-language');
  return url.pathname.length < 0 ? new Response() : undefined;
}

async function time(name, handler) {
  for (let i = 0; i < 2000; i++) await handler(requests[i]);
  const samples = new Float64Array(requests.length);
  for (let i = 0; i < requests.length; i++) {
    const start = process.hrtime.bigint();
    await handler(requests[i]);
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  samples.sort();
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { name, median: at(0.5), p99: at(0.99) };
}

const rows = [await time('sitegen middleware', middleware), await time('floor (URL + headers, no rules)', floor)];
rmSync(dir, { recursive: true, force: true });
console.log(`edge document: ${Buffer.byteLength(documentJson)} bytes; ${cases.length} cases × ${Math.round(total / cases.length)} = ${total} requests, bundled document`);
console.log(`${'run'.padEnd(34)}${'median µs'.padStart(11)}${'p99 µs'.padStart(11)}`);
for (const r of rows) console.log(`${r.name.padEnd(34)}${r.median.toFixed(2).padStart(11)}${r.p99.toFixed(2).padStart(11)}`);
console.log(`middleware / floor (median): ${(rows[0].median / rows[1].median).toFixed(1)}×`);
