import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A port the kernel says is free now (bind to 0, read it, release it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once something accepts connections on the port; rejects when `exited` settles first
 * (the server died) or after `timeoutMs`. The limit only ends a wait for a server that never comes
 * up: it is generous because a busy machine starts servers slowly (wrangler takes seconds when idle).
 */
export async function waitForPort(port: number, exited: Promise<unknown>, timeoutMs = 180_000): Promise<void> {
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + timeoutMs;
  while (!dead) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => { socket.destroy(); setTimeout(() => resolve(false), 100); });
    });
    if (open) return;
    if (Date.now() > deadline) break;
  }
  throw new Error(dead ? `the server exited before it listened on ${port}` : `nothing listens on ${port} after ${timeoutMs / 1000} s`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** Ends the server (SIGTERM: nginx's fast shutdown, wrangler's too) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * A server program started for a test and waited for until it accepts connections on `port`;
 * if it exits or never listens, it is killed and the error carries the end of what it printed.
 */
export async function spawnServer(name: string, command: string, args: readonly string[], port: number, options: { cwd?: string; env?: NodeJS.ProcessEnv; diagnostics?: () => string } = {}): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${name} did not start: ${(error as Error).message}\n${output.slice(-2000)}${options.diagnostics?.() ?? ''}`);
  }
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
