import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseFiles, blogPost, buildFixture, outputOnDisk, projectOnDisk, publicFiles, ROOT } from '../../helpers/fixture.js';

/**
 * Stopping `npx sitegen serve` and `npx sitegen dev` as people do: Ctrl-C in a terminal (a real
 * pseudo-terminal made by util-linux `script`, whose line discipline turns the ^C byte into SIGINT
 * for the foreground process group: npm, its `sh -c` and sitegen), and SIGTERM to the npx process
 * alone, which npm passes to its `sh -c` only. Each time the server has to close, the port stop
 * answering, and every process of the run end (workers and watchers included, or node would not exit).
 */

let dist: string;
let project: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  const result = await buildFixture({ ...baseFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }) });
  expect(result.ok).toBe(true);
  dist = outputOnDisk(result.output, 'sitegen-stop-');
  project = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }) }, 'sitegen-stop-dev-');
});

afterAll(() => {
  // A test that failed half-way must not leave its processes behind.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of processesNaming(dist).concat(processesNaming(project))) process.kill(pid, 'SIGKILL');
  for (const dir of [dist, project]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The processes whose command line names `text` (a test's own temporary folder). */
function processesNaming(text: string): number[] {
  if (!text) return [];
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) && Number(pid) !== process.pid ? [Number(pid)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

interface Run { child: ChildProcess; output: () => string; exited: Promise<void>; port: number }

/** Starts a command (from the sitegen checkout, where npx finds its bin) and waits until its server answers. */
async function start(command: string, args: string[], urlLine: RegExp): Promise<Run> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect.poll(() => urlLine.exec(output)?.[1] ?? (child.exitCode !== null ? `exited: ${output}` : undefined), { timeout: 150_000 }).toMatch(/^\d+$/);
  const port = Number(urlLine.exec(output)![1]);
  await expect.poll(() => answers(port)).toBe(true);
  return { child, output: () => output, exited, port };
}

/** Runs `command` in a pseudo-terminal, as typed at a shell prompt. */
const inTerminal = (command: string) => ['-qfec', command, '/dev/null'];

async function stoppedCompletely(run: Run, folder: string): Promise<void> {
  await run.exited;
  await expect.poll(() => processesNaming(folder)).toEqual([]);
  expect(await answers(run.port)).toBe(false);
}

describe('stopping sitegen started through npx', () => {
  it('serve: Ctrl-C in a terminal stops the server and every process of the run', async () => {
    const run = await start('script', inTerminal(`npx --no-install sitegen serve --port 0 --dir '${dist}'`), /serving .* at http:\/\/localhost:(\d+)/);
    run.child.stdin!.write('\x03');
    await stoppedCompletely(run, dist);
    expect(run.output()).toContain('sitegen serve: stopping (SIGINT)');
  });

  it('serve: SIGTERM to the npx process alone stops the server too (npm passes it to its shell only)', async () => {
    const run = await start('npx', ['--no-install', 'sitegen', 'serve', '--port', '0', '--dir', dist], /serving .* at http:\/\/localhost:(\d+)/);
    run.child.kill('SIGTERM');
    await stoppedCompletely(run, dist);
    expect(run.output()).toContain('sitegen serve: stopping (the npm shell it ran in ended)');
  });

  it('dev: Ctrl-C in a terminal closes the server, the watchers and the worker threads, and the process exits', async () => {
    const run = await start('script', inTerminal(`npx --no-install sitegen dev --port 0 --jobs 2 --root '${project}' --cache-dir '${project}/.cache'`), /sitegen dev: http:\/\/localhost:(\d+)/);
    run.child.stdin!.write('\x03');
    await stoppedCompletely(run, project);
    expect(run.output()).toContain('sitegen dev: stopping (SIGINT)');
  });

  it('dev: SIGTERM to the npx process alone stops it', async () => {
    const run = await start('npx', ['--no-install', 'sitegen', 'dev', '--port', '0', '--jobs', '2', '--root', project, '--cache-dir', `${project}/.cache`], /sitegen dev: http:\/\/localhost:(\d+)/);
    run.child.kill('SIGTERM');
    await stoppedCompletely(run, project);
    expect(run.output()).toContain('sitegen dev: stopping (the npm shell it ran in ended)');
  });
});
