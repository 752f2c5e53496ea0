import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, spawnServer, startWithRetries, type ServerProcess } from '../../helpers/local-servers.js';
import { requestsTo, type RunningTarget } from './target.js';

const NGINX = '/usr/sbin/nginx';

/**
 * The built site's dist/nginx.conf on a real nginx, on a free loopback port: a main configuration
 * in a new temporary folder (pid, logs, temp paths all there) includes a copy of the generated file
 * whose `listen 80;` lines listen on that port instead. The three server blocks are told apart by
 * the Host header, as deployed. Tests never skip: without nginx this throws.
 */
export async function startNginx(distDir: string): Promise<RunningTarget & { port: number }> {
  if (!existsSync(NGINX)) {
    throw new Error(process.env.CI
      ? `nginx is missing at ${NGINX}: the CI installs it (apt-get install nginx-light), so the job is broken`
      : `nginx is missing at ${NGINX}: install it (apt-get install nginx-light) to run the hosting tests`);
  }
  const work = mkdtempSync(join(tmpdir(), 'sitegen-nginx-'));
  try {
    const { port, server } = await startWithRetries(async () => {
      const port = await freePort();
      return { port, server: await launch(work, resolve(distDir), port) };
    });
    return {
      name: 'nginx',
      port,
      request: requestsTo(() => port, () => `${server.explain()}\n${errorLog(work)}`),
      async stop() {
        await server.stop();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** Writes the configuration, has `nginx -t` check it, starts nginx and waits until the port answers. */
async function launch(work: string, distDir: string, port: number): Promise<ServerProcess> {
  writeFileSync(join(work, 'sitegen.conf'), listenOn(readFileSync(join(distDir, 'nginx.conf'), 'utf8'), port));
  writeFileSync(join(work, 'nginx.conf'), mainConfig(work, distDir));
  const args = ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', join(work, 'error.log')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr || check.error?.message}`);
  return spawnServer('nginx', NGINX, args, port, { diagnostics: () => errorLog(work) });
}

/** The generated file with every `listen 80;` on the loopback port instead. */
function listenOn(conf: string, port: number): string {
  const replaced = conf.replace(/^(\s*)listen 80;$/gm, `$1listen 127.0.0.1:${port};`);
  if (replaced === conf) throw new Error('dist/nginx.conf has no "listen 80;" line to replace');
  return replaced;
}

/**
 * The http context a deployment would have: mime types, `$sitegen_root` pointing at dist/, then the
 * generated include. Workers run as the user who built the site (nginx started as root would switch
 * them to nobody, who cannot read a private temporary folder).
 */
function mainConfig(work: string, distDir: string): string {
  const user = process.getuid?.() === 0 ? [`user ${userInfo().username};`] : [];
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(work, `${name}_temp`)};`);
  return [
    ...user,
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    `pid ${join(work, 'nginx.pid')};`,
    `error_log ${join(work, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...temp,
    `  map "" $sitegen_root { default "${distDir}"; }`,
    `  include ${join(work, 'sitegen.conf')};`,
    '}',
    '',
  ].join('\n');
}

function errorLog(work: string): string {
  const path = join(work, 'error.log');
  return existsSync(path) ? `\n${readFileSync(path, 'utf8').slice(-2000)}` : '';
}
