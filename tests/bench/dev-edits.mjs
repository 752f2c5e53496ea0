// Goal 3 of the speed issue, measured from outside, as a peer's watch mode is measured:
// start `sitegen dev` on the corpus, wait for its first build, then append a unique marker line to
// one article at a time and time how long until the page served over HTTP contains it (polled
// every 2 ms). The latency includes the file watcher, the rebuild and the request (which, since the
// twelfth session, waits for a rebuild under way instead of getting the page from before the save).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `sitegen dev` in `base` and makes `edits` edits to English articles (`articleIds`, ids of
 * content/en/blog/<id>.md). Returns the latencies in ms, the first build's seconds and the dev
 * server's peak RSS in MiB. The first edit comes `settleMs` after the server is ready. Every
 * article is restored afterwards.
 */
export async function measureDevEdits({ repo, base, cacheDir, articleIds, edits, jobs, settleMs = 6000 }) {
  const args = [join(repo, 'bin/sitegen'), 'dev', '--port', '0', '--cache-dir', cacheDir, ...(jobs ? ['--jobs', jobs] : [])];
  const child = spawn(process.execPath, args, { cwd: base, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const peakRss = () => {
    try {
      return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
    } catch {
      return NaN;
    }
  };
  const waitFor = async (test, limitMs, what) => {
    const started = Date.now();
    for (;;) {
      const value = await test();
      if (value) return value;
      if (child.exitCode !== null) throw new Error(`sitegen dev exited while waiting for ${what}:\n${log.slice(-3000)}`);
      if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}:\n${log.slice(-3000)}`);
      await sleep(2);
    }
  };
  const originals = new Map();
  const latencies = [];
  const started = performance.now();
  try {
    const url = await waitFor(() => /sitegen dev: (http:\/\/\S+) \(ready/.exec(log)?.[1], 30 * 60_000, 'the first build');
    const firstBuild = (performance.now() - started) / 1000;
    await sleep(settleMs); // what a writer takes to open a file: the session warms up meanwhile
    for (let k = 0; k < edits; k++) {
      const id = articleIds[(k * 97) % articleIds.length];
      const file = join(base, 'content/en/blog', `${id}.md`);
      if (!originals.has(file)) originals.set(file, readFileSync(file, 'utf8'));
      const marker = `dev-edit-marker-${k}-${process.pid}`;
      writeFileSync(file, `${originals.get(file)}\nEdited paragraph ${marker}.\n`);
      const edited = performance.now();
      await waitFor(async () => {
        try {
          return (await (await fetch(`${url}/blog/${id}`)).text()).includes(marker);
        } catch {
          return false;
        }
      }, 5 * 60_000, `edit ${k} to show`);
      latencies.push(performance.now() - edited);
      await sleep(Number(process.env.EDIT_GAP ?? 300));
    }
    return { latencies, firstBuild, rss: peakRss(), log };
  } finally {
    child.kill('SIGTERM');
    for (const [file, text] of originals) writeFileSync(file, text);
  }
}
