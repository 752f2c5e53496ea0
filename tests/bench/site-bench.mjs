#!/usr/bin/env node
// sitegen against Hugo and Eleventy on the same Markdown, side by side in one run (issue "Speed at
// scale"). Generates the corpus (tests/bench/corpus.mjs: the sample site plus N articles in each of
// the 14 locales), then times, each RUNS times (median):
//   sitegen cold      no cache, all cores
//   sitegen cold, social cached  the same with the social images' cache kept (<cache>/social): what
//                     the images add to a cold build is the difference
//   Markdown only     the same build stopped after parse (--stop-after parse): reading the sources,
//                     front matter and every body through sitegen's remark pipeline in the same worker
//                     pool; the floor the cold build is held to (goal: at most 1.15× its time)
//   sitegen warm      nothing changed since the cold run: the build finds its output up to date
//   sitegen rebuild   the same with --rebuild: the build does not keep the output, but the cache holds
//                     the output of these very inputs: every file is linked from it
//   sitegen one edit  the cache, one article changed
//   sitegen CI …      what a CI run does: the cache folder restored (copied from the previous run's),
//                     a fresh output folder, and one article body edited, one title changed, or one
//                     article added
//   sitegen dev edit  `sitegen dev` running: one article edited at a time (--edits K, default 10), from
//                     the save to the page served with the change (tests/bench/dev-edits.mjs)
//   hugo, eleventy    cold builds of the same 14×N article bodies, when installed
// With --scale, also a cold build of a corpus 4× as large (4N articles per locale, `--runs` times),
// for goal 5: the time may grow at most 4.2×.
// and prints wall time, pages/s and peak RSS with the ratios the issue sets as goals. A script, not
// a test: figures move with the machine's load, so compare the ratios of one run.
// Usage: npm run bench [-- --articles N] [--runs R] [--jobs J] [--edits K] [--no-peers] [--scale] [--dir DIR]
// Peers: Debian's hugo on PATH; Eleventy under $ANCHOR_BASE/eleventy-site (npm install @11ty/eleventy there).
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCALES, articleId, writeCorpus } from './corpus.mjs';
import { measureDevEdits } from './dev-edits.mjs';

const repo = resolve(import.meta.dirname, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('articles', '1000'));
const runs = Number(arg('runs', '3'));
const jobs = arg('jobs', undefined);
const edits = Number(arg('edits', '10'));
const withPeers = !process.argv.includes('--no-peers');
const withScale = process.argv.includes('--scale');
const base = resolve(arg('dir', `/tmp/sitegen-bench/${n}`));
const anchorBase = process.env.ANCHOR_BASE ?? '/tmp/anchor-bench';
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

const treeRss = join(repo, 'tests/bench/tree-rss.mjs');
/**
 * Runs a command; returns wall seconds, the peak RSS in MiB of its largest process (GNU time's %M)
 * and of all its processes together (tree-rss.mjs: a build's drawing processes and Pagefind's
 * indexers count), or the wall clock only without GNU time.
 */
function timed(command, args, cwd, env = {}) {
  const started = performance.now();
  const result = gnuTime
    ? spawnSync(gnuTime, ['-f', 'TIME %e %M', process.execPath, treeRss, command, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${(result.stderr ?? '').slice(-3000)}\n${(result.stdout ?? '').slice(-3000)}`);
  const line = /TIME ([\d.]+) (\d+)/.exec(result.stderr ?? '');
  const tree = /TREE_RSS (\d+)/.exec(result.stderr ?? '');
  const rssMiB = line ? Number(line[2]) / 1024 : NaN;
  // A command shorter than tree-rss.mjs's first sample leaves its sum at 0: its largest process is the floor.
  return { wall: line ? Number(line[1]) : wall, rssMiB, treeMiB: tree ? Math.max(Number(tree[1]) / 1024, rssMiB) : NaN, stdout: result.stdout };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
function measure(name, runOnce, { before = () => {}, pages }) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    before(i);
    // The set-up's writes (a 600 MB cache copied for a CI row, the previous row's output) reach the
    // disk before the clock starts: the kernel's write-back would otherwise land on the timed build.
    spawnSync('sync');
    samples.push(runOnce(i));
  }
  const wall = median(samples.map((s) => s.wall));
  const rss = Math.max(...samples.map((s) => s.rssMiB));
  const treeRss = Math.max(...samples.map((s) => s.treeMiB));
  const count = typeof pages === 'function' ? pages() : pages;
  // With its memory: a run stopped before the table (the 4N rows take hours) keeps what each row measured.
  process.stderr.write(`  ${name}: ${samples.map((s) => s.wall.toFixed(2)).join(' s, ')} s; peak ${rss.toFixed(0)} MiB, all processes ${treeRss.toFixed(0)} MiB\n`);
  return { name, wall, rss, treeRss, pages: count, rate: count / wall, social: socialOf(samples) };
}

/** The social stage of a row's builds (from --json): its median time, and the images and how many were drawn. */
function socialOf(samples) {
  const reports = samples.flatMap((s) => {
    try {
      const report = JSON.parse(s.stdout ?? '');
      return report.social && report.timings?.social !== undefined ? [{ ms: report.timings.social, ...report.social }] : [];
    } catch {
      return [];
    }
  });
  return reports.length ? { ms: median(reports.map((r) => r.ms)), images: reports[0].images, drawn: median(reports.map((r) => r.drawn)) } : undefined;
}

function countHtml(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile() && entry.name.endsWith('.html')) count++;
  return count;
}

// --- The corpus, laid out as a sitegen project (its own content, templates and client; sitegen's
// code and dependencies linked) with its own cache folder.
function sitegenProject(dir, articles) {
  process.stderr.write(`corpus: ${articles} articles × ${LOCALES.length} locales in ${dir}\n`);
  const written = writeCorpus(dir, articles, repo);
  for (const folder of ['templates', 'client']) cpSync(join(repo, folder), join(dir, folder), { recursive: true });
  for (const folder of ['src', 'node_modules']) symlinkSync(join(repo, folder), join(dir, folder));
  cpSync(join(repo, 'package-lock.json'), join(dir, 'package-lock.json'));
  return written;
}
const corpus = sitegenProject(base, n);
const cacheDir = join(base, '.cache');
const sitegenIn = (dir, cache, extra = []) => timed(process.execPath, [join(repo, 'bin/sitegen'), 'build', '--json', '--cache-dir', cache, ...(jobs ? ['--jobs', jobs] : []), ...extra], dir);
const sitegen = (extra = []) => sitegenIn(base, cacheDir, extra);
let sitegenPages = 0;
const pagesOf = (run) => {
  sitegenPages = JSON.parse(run.stdout).pages.total;
  return run;
};

const results = [];
process.stderr.write('sitegen\n');
// The compiled CLI (bin/sitegen compiles it once per source version) is not part of a build's cost.
timed(process.execPath, [join(repo, 'bin/sitegen'), '--version'], base);
results.push(measure('sitegen cold', () => pagesOf(sitegen()), {
  before: () => { rmSync(cacheDir, { recursive: true, force: true }); rmSync(join(base, 'dist'), { recursive: true, force: true }); },
  pages: () => sitegenPages,
}));
// A cold build but for the social images, whose cache is kept: the difference to the cold row is what drawing them costs.
results.push(measure('sitegen cold, social cached', () => pagesOf(sitegen()), {
  before: () => {
    for (const name of readdirSync(cacheDir)) if (name !== 'social') rmSync(join(cacheDir, name), { recursive: true, force: true });
    rmSync(join(base, 'dist'), { recursive: true, force: true });
  },
  pages: () => sitegenPages,
}));
// --no-cache neither reads nor writes the Markdown cache, and a stopped build writes nothing: the
// cold run's output and cache stay for the warm runs below.
results.push(measure('sitegen Markdown only', () => sitegen(['--no-cache', '--stop-after', 'parse']), { pages: () => sitegenPages }));
// Nothing changed since the cold run: every warm run must find the output up to date and keep it.
let warmKept = true;
results.push(measure('sitegen warm', () => {
  const run = pagesOf(sitegen());
  warmKept &&= JSON.parse(run.stdout).upToDate === true;
  return run;
}, { pages: () => sitegenPages }));
results.push(measure('sitegen rebuild', () => pagesOf(sitegen(['--rebuild'])), { pages: () => sitegenPages }));
const edited = join(base, 'content/en/blog', `${articleId(1)}.md`);
results.push(measure('sitegen one edit', () => pagesOf(sitegen()), {
  before: (i) => appendFileSync(edited, `\nEdited in run ${i} at ${Date.now()}.\n`),
  pages: () => sitegenPages,
}));

/**
 * A cache folder copied as actions/cache saves and restores one: a tar archive, which keeps the hard
 * links between its files (a social image and the output cache's file of it are one file). Node's
 * cpSync makes each link a copy of its own, which no CI cache does.
 */
function copyKeepingLinks(from, to) {
  const copy = spawnSync('cp', ['-a', from, to], { stdio: 'inherit' });
  if (copy.status !== 0) throw new Error(`cp -a ${from} ${to} failed`);
}

/** Bytes a folder takes on disk, each hard-linked file once (as a copy with cp -a takes them). */
function diskUse(dir) {
  const du = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return du.status === 0 ? Number(du.stdout.split('\t')[0]) * 1024 : 0;
}

// The CI case: the cache saved by the previous run (copied, as actions/cache restores it), a fresh
// checkout's empty output folder, and one change. Each run starts from the same saved cache, and the
// change is undone after it. `only` names the rows to run (all three by default); `suffix` follows
// each row's name (' ×4' on the larger corpus).
function ciRows(dir, cache, only, suffix = '') {
  const saved = `${cache}-saved`;
  const restored = `${cache}-restored`;
  rmSync(saved, { recursive: true, force: true });
  // Two copies of the cache (saved and restored): at 4000 articles several GB each. A disk that
  // cannot hold them skips these rows, and the table still prints, rather than failing after an hour.
  const need = 2 * diskUse(cache);
  const free = statfsSync(dir).bavail * statfsSync(dir).bsize;
  if (need > 0.9 * free) {
    process.stderr.write(`  skipped the CI rows of ${dir}: two copies of its cache need ${(need / 1e9).toFixed(1)} GB, the disk has ${(free / 1e9).toFixed(1)} GB free\n`);
    return [];
  }
  copyKeepingLinks(cache, saved);
  const article = (i) => join(dir, 'content/en/blog', `${articleId(i)}.md`);
  const changes = [
    ['sitegen CI body edit', article(1), (text, i) => `${text}\nA line added in CI run ${i}.\n`],
    ['sitegen CI title', article(1), (text, i) => text.replace(/^title: .*$/m, `title: A new title in CI run ${i}`)],
    ['sitegen CI new article', join(dir, 'content/en/blog/ci-new-article.md'), (_text, i) => readFileSync(article(1), 'utf8').replace(/^title: .*$/m, `title: Added in CI run ${i}`)],
  ];
  const rows = [];
  for (const [name, file, change] of changes.filter(([name]) => !only || only.includes(name))) {
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    let pages = 0;
    rows.push(measure(`${name}${suffix}`, (i) => {
      writeFileSync(file, change(before ?? '', i));
      try {
        const run = sitegenIn(dir, restored, ['--out', 'dist-ci']);
        pages = JSON.parse(run.stdout).pages.total;
        return run;
      } finally {
        if (before === undefined) rmSync(file);
        else writeFileSync(file, before);
      }
    }, {
      before: () => {
        rmSync(restored, { recursive: true, force: true });
        rmSync(join(dir, 'dist-ci'), { recursive: true, force: true });
        copyKeepingLinks(saved, restored);
      },
      pages: () => pages,
    }));
  }
  rmSync(join(dir, 'dist-ci'), { recursive: true, force: true });
  return rows;
}
results.push(...ciRows(base, cacheDir));

// Goal 5: the same cold build on 4× the content.
let scaled;
let scaledCi;
if (withScale) {
  const dir = `${base}-x4`;
  sitegenProject(dir, 4 * n);
  const cache = join(dir, '.cache');
  let pages = 0;
  scaled = measure('sitegen cold ×4', () => {
    const run = sitegenIn(dir, cache);
    pages = JSON.parse(run.stdout).pages.total;
    return run;
  }, {
    before: () => { rmSync(cache, { recursive: true, force: true }); rmSync(join(dir, 'dist'), { recursive: true, force: true }); },
    pages: () => pages,
  });
  results.push(scaled);
  // Linearity is asked of the body edit alone: the other CI rows are not built on this corpus.
  [scaledCi] = ciRows(dir, cache, ['sitegen CI body edit'], ' ×4');
  if (scaledCi) results.push(scaledCi);
}

let dev;
if (edits > 0) {
  process.stderr.write('sitegen dev\n');
  dev = await measureDevEdits({ repo, base, cacheDir, articleIds: Array.from({ length: n }, (_, i) => articleId(i + 1)), edits, jobs, settleMs: n >= 100 ? 6000 : 1000 });
  process.stderr.write(`  sitegen dev edit: ${dev.latencies.map((ms) => ms.toFixed(0)).join(' ms, ')} ms\n`);
}

// --- Peers on the same bodies (one flat folder of 14×N articles with plain front matter).
if (withPeers) {
  const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (hugo.status === 0) {
    const site = join(base, 'hugo-site');
    mkdirSync(join(site, 'layouts/_default'), { recursive: true });
    writeFileSync(join(site, 'hugo.toml'), `baseURL = "https://example.org/"\ntitle = "bench"\nlanguageCode = "en"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]\ncacheDir = "${site}/.hugo_cache"\n[markup.goldmark.renderer]\nunsafe = false\n`);
    writeFileSync(join(site, 'layouts/_default/single.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head><body><main><article><h1>{{ .Title }}</h1><time>{{ .Date.Format "2006-01-02" }}</time>{{ .Content }}</article></main></body></html>\n');
    writeFileSync(join(site, 'layouts/index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n');
    rmSync(join(site, 'content'), { recursive: true, force: true });
    cpSync(join(base, 'peer-content'), join(site, 'content/posts'), { recursive: true });
    process.stderr.write(`hugo (${hugo.stdout.split(' ')[1] ?? hugo.stdout.trim()})\n`);
    results.push(measure('hugo cold', () => timed('hugo', ['--quiet'], site), {
      before: () => ['public', 'resources', '.hugo_cache'].forEach((d) => rmSync(join(site, d), { recursive: true, force: true })),
      pages: () => countHtml(join(site, 'public')),
    }));
  } else {
    process.stderr.write('hugo: not installed (apt-get install hugo)\n');
  }
  const eleventyModules = join(anchorBase, 'eleventy-site/node_modules');
  if (existsSync(join(eleventyModules, '@11ty/eleventy/cmd.cjs'))) {
    const site = join(base, 'eleventy-site');
    mkdirSync(join(site, 'src/_includes'), { recursive: true });
    if (!existsSync(join(site, 'node_modules'))) symlinkSync(eleventyModules, join(site, 'node_modules'));
    writeFileSync(join(site, 'package.json'), '{ "name": "bench-eleventy", "private": true, "type": "module" }\n');
    writeFileSync(join(site, 'eleventy.config.js'), "export default function (c) {\n  c.addCollection('posts', (api) => api.getFilteredByGlob('src/posts/*.md'));\n  return { dir: { input: 'src', output: '_site' } };\n}\n");
    writeFileSync(join(site, 'src/_includes/layout.njk'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><article><h1>{{ title }}</h1>{{ content | safe }}</article></main></body></html>\n');
    writeFileSync(join(site, 'src/index.njk'), '---\ntitle: bench\n---\n<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><ul>{% for p in collections.posts %}<li><a href="{{ p.url }}">{{ p.data.title }}</a></li>{% endfor %}</ul></body></html>\n');
    rmSync(join(site, 'src/posts'), { recursive: true, force: true });
    cpSync(join(base, 'peer-content'), join(site, 'src/posts'), { recursive: true });
    writeFileSync(join(site, 'src/posts/posts.json'), '{ "layout": "layout.njk" }\n');
    process.stderr.write('eleventy\n');
    results.push(measure('eleventy cold', () => timed(process.execPath, [join(site, 'node_modules/@11ty/eleventy/cmd.cjs'), '--quiet'], site), {
      before: () => ['_site', '.cache'].forEach((d) => rmSync(join(site, d), { recursive: true, force: true })),
      pages: () => countHtml(join(site, '_site')),
    }));
  } else {
    process.stderr.write(`eleventy: not installed (npm install @11ty/eleventy@3.1.8 in ${anchorBase}/eleventy-site)\n`);
  }
}

// --- The table and the goals.
const row = (cells, widths) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
const widths = [26, 8, 9, 9, 10, 10];
console.log(`\ncorpus: ${n} articles per locale, ${corpus.articles} articles, ${(corpus.bytes / 1e6).toFixed(1)} MB of Markdown; ${runs} runs each, median wall time; ${process.env.CI ? 'CI' : 'local'}`);
console.log(row(['', 'pages', 'wall s', 'pages/s', 'peak MiB', 'all MiB'], widths));
for (const r of results) console.log(row([r.name, r.pages, r.wall.toFixed(2), r.rate.toFixed(0), r.rss.toFixed(0), r.treeRss.toFixed(0)], widths));
console.log('peak MiB: the largest process (GNU time); all MiB: all of the run\'s processes at once (sampled every 200 ms)');
const get = (name) => results.find((r) => r.name === name);
const goals = [];
const ratio = (a, b) => (a && b ? a / b : undefined);
const eleventy = get('eleventy cold');
const hugoRun = get('hugo cold');
// The goals of the scale issue, each as a ratio that meets its target when ≥ the target.
const underHugo = (name, share) => [`${name} ≤ ${share}× Hugo cold`, ratio(share * (hugoRun?.wall ?? NaN), get(name)?.wall), 1];
goals.push(underHugo('sitegen CI body edit', 0.3));
goals.push(underHugo('sitegen CI title', 0.3));
goals.push(underHugo('sitegen CI new article', 0.3));
goals.push(underHugo('sitegen rebuild', 0.2));
// Memory is judged by all of a build's processes at once: drawing in child processes must not hide it.
goals.push(['peak RSS, cold ≤ 1.5 GiB (all processes)', ratio(1536, get('sitegen cold').treeRss), 1]);
if (scaled) {
  goals.push(['peak RSS, cold ×4 ≤ 1.5 GiB (all processes)', ratio(1536, scaled.treeRss), 1]);
  goals.push([`peak RSS ×4 ≤ 1.5× (${(scaled.treeRss / get('sitegen cold').treeRss).toFixed(2)}×)`, ratio(1.5, scaled.treeRss / get('sitegen cold').treeRss), 1]);
}
goals.push([`cold ≤ 1.15× Markdown only (${(get('sitegen cold').wall / get('sitegen Markdown only').wall).toFixed(2)}×)`, ratio(1.15 * get('sitegen Markdown only').wall, get('sitegen cold').wall), 1]);
// The same without drawing the social images (issue 21's stage, which the goal predates): their cache kept.
const socialCached = get('sitegen cold, social cached');
if (socialCached) goals.push([`cold, social cached ≤ 1.15× Markdown (${(socialCached.wall / get('sitegen Markdown only').wall).toFixed(2)}×)`, ratio(1.15 * get('sitegen Markdown only').wall, socialCached.wall), 1]);
goals.push(['cold pages/s vs Eleventy (report)', ratio(get('sitegen cold').rate, eleventy?.rate), 1]);
goals.push(['cold pages/s vs Hugo (report)', ratio(get('sitegen cold').rate, hugoRun?.rate), 1]);
// Linearity holds when 4× the content takes at most 4.2× the time: the ratio shown is 4.2 / (time ×4 / time).
if (scaled) goals.push([`4× content ≤ 4.2× time, cold (${(scaled.wall / get('sitegen cold').wall).toFixed(2)}×)`, ratio(4.2, scaled.wall / get('sitegen cold').wall), 1]);
if (scaledCi && get('sitegen CI body edit')) goals.push([`4× content ≤ 4.2× time, CI (${(scaledCi.wall / get('sitegen CI body edit').wall).toFixed(2)}×)`, ratio(4.2, scaledCi.wall / get('sitegen CI body edit').wall), 1]);
console.log(`\n${'goal'.padEnd(44)} ratio   target  met`);
for (const [name, value, target] of goals) {
  console.log(`${name.padEnd(44)} ${value === undefined || Number.isNaN(value) ? '   n/a' : value.toFixed(2).padStart(6)}  ${String(target).padStart(6)}  ${value === undefined || Number.isNaN(value) ? '-' : value >= target ? 'yes' : 'no'}`);
}
if (dev) {
  const sorted = [...dev.latencies].sort((a, b) => a - b);
  const med = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(`${'dev edit median < 50 ms'.padEnd(44)} ${(50 / med).toFixed(2).padStart(6)}  ${'1'.padStart(6)}  ${med < 50 ? 'yes' : 'no'}`);
  console.log(`\nsitegen dev, one article edited: median ${med.toFixed(0)} ms from the save to the page served with the change (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)}, ${sorted.length} edits); first build ${dev.firstBuild.toFixed(1)} s; dev server peak RSS ${dev.rss.toFixed(0)} MiB`);
  // The server's own figure: from the first watcher event to the output updated (its "built in" lines).
  const rebuilds = [...dev.log.matchAll(/^(?:fixed: )?built in (\d+) ms/gm)].slice(1).map((m) => Number(m[1])).sort((a, b) => a - b);
  if (rebuilds.length) console.log(`  of which the rebuild (watcher event to output updated): median ${rebuilds[Math.floor((rebuilds.length - 1) / 2)]} ms`);
}
// What the social images add: the social stage of each row that ran it, and the cold build with and without their cache.
const socialRows = results.filter((r) => r.social);
if (socialRows.length) {
  const cold = get('sitegen cold');
  const cached = get('sitegen cold, social cached');
  console.log(`\nsocial images: ${socialRows[0].social.images} (1200×630 PNG); the social stage, median s (images drawn):`);
  for (const r of socialRows) console.log(`  ${r.name.padEnd(28)} ${(r.social.ms / 1000).toFixed(2).padStart(7)} s  (${r.social.drawn} drawn)`);
  if (cold && cached) console.log(`  they add ${(cold.wall - cached.wall).toFixed(2)} s to a cold build (${cold.wall.toFixed(2)} s against ${cached.wall.toFixed(2)} s with their cache)`);
}
console.log(warmKept ? 'sitegen warm: the output was up to date and kept in every run' : 'sitegen warm: the output was NOT up to date in every run (the warm figures are builds)');
console.log(`one-file edit, full CLI run: ${get('sitegen one edit').wall.toFixed(2)} s; nothing changed but --rebuild: ${get('sitegen rebuild').wall.toFixed(2)} s`);
