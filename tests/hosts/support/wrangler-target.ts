import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_KEYS, type HostKey } from '../../../src/model/locale-table.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';
import { ROOT } from '../../helpers/fixture.js';
import { freePort, spawnServer, startWithRetries } from '../../helpers/local-servers.js';
import { requestsTo, type RunningTarget } from './target.js';

/** workerd's behaviour is pinned by this date, as a deployed Pages project pins it. */
const COMPATIBILITY_DATE = '2025-01-01';

/**
 * Cloudflare Pages for real: `wrangler pages dev` (workerd, offline) on each host's folder, one
 * project per host as deployed. `withWorker: false` deploys the folder without `_worker.js`, i.e.
 * what the host does with the `_redirects` fallback alone.
 */
export async function startCloudflare(dir: string, options: { withWorker: boolean }): Promise<RunningTarget> {
  const work = mkdtempSync(join(tmpdir(), 'sitegen-wrangler-'));
  const started = await Promise.allSettled(HOST_KEYS.map((host) => startWithRetries(() => startPagesProject(dir, work, host, options.withWorker))));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // The projects that did start are stopped: none outlives the test.
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(work, { recursive: true, force: true });
    throw failed.reason;
  }
  const serverOf = Object.fromEntries(servers.map((s) => [s.host, s])) as Record<HostKey, (typeof servers)[number]>;
  return {
    name: options.withWorker ? 'cloudflare' : 'cloudflare-static',
    request: requestsTo((host) => serverOf[host].port, (host) => serverOf[host].explain()),
    async stop() {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function startPagesProject(dir: string, work: string, host: HostKey, withWorker: boolean) {
  const folder = join(work, host);
  rmSync(folder, { recursive: true, force: true }); // a retry starts from a fresh copy
  cpSync(join(dir, HOSTNAMES[host]), folder, { recursive: true, filter: (source) => withWorker || !source.endsWith('/_worker.js') });
  const [port, inspector] = [await freePort(), await freePort()];
  const wrangler = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
  const server = await spawnServer(`wrangler pages dev (${host})`, process.execPath, [wrangler, 'pages', 'dev', folder, '--ip', '127.0.0.1', '--port', String(port),
    '--inspector-port', String(inspector), '--compatibility-date', COMPATIBILITY_DATE, '--persist-to', join(work, `${host}-state`),
    '--log-level', 'error', '--show-interactive-dev-session=false'], port, {
    cwd: work,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
  });
  return { host, port, explain: () => server.explain(), stop: () => server.stop() };
}
