import { serveSite } from '../../../src/serve/serve-site.js';
import { HOSTNAME } from './hostnames.js';
import { rawRequest } from './raw-http.js';
import type { RunningTarget } from './target.js';

/** `sitegen serve` over the built folder, one server for the three hosts (picked by Host). */
export async function startServe(dir: string): Promise<RunningTarget> {
  const server = await serveSite({ dir, port: 0, log: () => undefined });
  const port = Number(new URL(server.url).port);
  return {
    name: 'serve',
    request: (r, options) => rawRequest(port, { ...r, host: r.hostHeader === undefined ? HOSTNAME[r.host] : r.hostHeader }, options),
    stop: () => server.close(),
  };
}
