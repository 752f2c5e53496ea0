import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestsTo, type RunningTarget } from './target.js';

export interface Answer {
  status: number;
  headers: [string, string][];
  body?: Uint8Array | string;
}

/**
 * A loopback HTTP server for a host that runs in this process (an edge function in edge-runtime
 * and the host's documented static layer): requests arrive over real HTTP like the others', and the
 * URL the handler gets is the one a Web-standard platform gives its function.
 */
export async function startHttpFront(name: string, handle: (url: string, req: IncomingMessage) => Promise<Answer>): Promise<RunningTarget> {
  const server = createServer((req, res) => {
    // What the platforms' own front does before any function runs: a Host that is not a hostname is
    // a bad request, and methods the fetch standard forbids (TRACE, CONNECT) are refused.
    let url: string;
    try {
      url = new URL(`https://${req.headers.host ?? ''}${req.url ?? '/'}`).href;
      if (!req.headers.host || new URL(url).host !== req.headers.host.toLowerCase()) throw new Error('not a hostname');
    } catch {
      return reply(res, { status: 400, headers: [], body: 'Bad Request' });
    }
    if (!['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].includes(req.method ?? '')) return reply(res, { status: 405, headers: [], body: 'Method Not Allowed' });
    handle(url, req).then((answer) => reply(res, answer), (error: unknown) => reply(res, { status: 500, headers: [], body: String((error as Error).stack) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    request: requestsTo(() => port),
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function reply(res: ServerResponse, answer: Answer) {
  for (const [name, value] of answer.headers) res.appendHeader(name, value);
  res.statusCode = answer.status;
  res.end(answer.body);
}

export function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

export function requestHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') out[name] = value;
  return out;
}
