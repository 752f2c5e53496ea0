import { serveSite } from '../../../src/serve/serve-site.js';
import { requestsTo, type RunningTarget } from './target.js';

/** `sitegen serve` over the built folder, one server for the three hosts (picked by Host). */
export async function startServe(dir: string): Promise<RunningTarget> {
  const server = await serveSite({ dir, port: 0, log: () => undefined });
  const port = Number(new URL(server.url).port);
  return {
    name: 'serve',
    request: requestsTo(() => port),
    stop: () => server.close(),
  };
}
