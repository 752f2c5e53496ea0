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
 * (the server died) or after `attempts` refused connections, each retried after the refusal.
 */
export async function waitForPort(port: number, exited: Promise<unknown>, attempts = 600): Promise<void> {
  let dead = false;
  void exited.then(() => (dead = true));
  for (let i = 0; i < attempts && !dead; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => { socket.destroy(); setTimeout(() => resolve(false), 100); });
    });
    if (open) return;
  }
  throw new Error(dead ? `the server exited before it listened on ${port}` : `nothing listens on ${port}`);
}
