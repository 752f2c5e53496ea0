import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../helpers/fixture.js';
import { HOST_KEYS, HOSTNAME } from './hostnames.js';
import { freePort, waitForPort } from './ports.js';
import { rawRequest } from './raw-http.js';
import type { HostKey, RunningTarget } from './target.js';

/** workerd's behaviour is pinned by this date, as a deployed Pages project pins it. */
const COMPATIBILITY_DATE = '2025-01-01';

/**
 * Cloudflare Pages for real: `wrangler pages dev` (workerd, offline) on each host's folder, one
 * project per host as deployed. `withWorker: false` deploys the folder without `_worker.js`, i.e.
 * what the host does with the `_redirects` fallback alone.
 */
export async function startCloudflare(dir: string, options: { withWorker: boolean }): Promise<RunningTarget> {
  const work = mkdtempSync(join(tmpdir(), 'sitegen-wrangler-'));
  const servers = await Promise.all(HOST_KEYS.map((host) => startPagesProject(dir, work, host, options.withWorker)));
  const portOf = Object.fromEntries(servers.map((s) => [s.host, s.port])) as Record<HostKey, number>;
  return {
    name: options.withWorker ? 'cloudflare' : 'cloudflare-static',
    request: (r, options) => rawRequest(portOf[r.host], { ...r, host: r.hostHeader === undefined ? HOSTNAME[r.host] : r.hostHeader }, options),
    async stop() {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function startPagesProject(dir: string, work: string, host: HostKey, withWorker: boolean) {
  const folder = join(work, host);
  cpSync(join(dir, HOSTNAME[host]), folder, { recursive: true, filter: (source) => withWorker || !source.endsWith('/_worker.js') });
  const [port, inspector] = [await freePort(), await freePort()];
  const wrangler = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
  const child = spawn(process.execPath, [wrangler, 'pages', 'dev', folder, '--ip', '127.0.0.1', '--port', String(port),
    '--inspector-port', String(inspector), '--compatibility-date', COMPATIBILITY_DATE, '--persist-to', join(work, `${host}-state`),
    '--log-level', 'error', '--show-interactive-dev-session=false'], {
    cwd: work,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`wrangler pages dev did not start for ${host}: ${(error as Error).message}\n${output.slice(-2000)}`);
  }
  return {
    host,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
