import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** Ports this process has handed out: the kernel may offer a port again as soon as it is released. */
const handedOut = new Set<number>();

/**
 * A port the kernel says is free now (bind to 0, read it, release it), never one this process has
 * handed out before. Another process may still take it before the server binds it: servers that
 * start slowly are started with startWithRetries, and reservePort holds a port until the last moment.
 */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/** A free port, held by a listening socket until `release()`: bind the real server right after. */
export function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      if (handedOut.has(port)) {
        // Seen before: ask again while holding this one, so the kernel offers another.
        void reservePort().then((other) => server.close(() => resolve(other)), reject);
        return;
      }
      handedOut.add(port);
      resolve({ port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/**
 * Starts a server again (its `start` picks new free ports) when it did not come up, at most
 * `attempts` times: between freePort() and the server binding the port, another process on a busy
 * machine can take it. A server that never starts still fails, with the last error.
 */
export async function startWithRetries<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
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
  /**
   * Whether the server still runs (or how it ended) and the end of what it printed: for the error
   * of a request that failed after the server had started, e.g. a server that died mid-suite.
   */
  explain(): string;
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
  let ended = '';
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    ended = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    resolve();
  }));
  try {
    await waitForPort(port, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${name} did not start: ${(error as Error).message}\n${output.slice(-2000)}${options.diagnostics?.() ?? ''}`);
  }
  return {
    child,
    explain: () => `${name} (pid ${child.pid}) ${ended || 'still runs'}; the end of what it printed:\n${output.slice(-2000) || '(nothing)'}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
