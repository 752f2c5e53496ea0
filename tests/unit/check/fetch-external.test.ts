import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchExternalLinks } from '../../../src/check/fetch-external.js';
import type { ExternalLink } from '../../../src/check/link-checks.js';

let server: Server;
let base = '';
const methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    methods.push(`${req.method} ${req.url}`);
    const done = (status: number) => {
      res.writeHead(status);
      res.end();
    };
    if (req.url === '/gone') return done(410);
    if (req.url === '/missing') return done(404);
    if (req.url === '/error') return done(503);
    if (req.url === '/no-head' && req.method === 'HEAD') return done(405);
    // Never answers (until the server closes): a time-out that cannot be beaten by a slow machine.
    if (req.url === '/slow') return;
    setTimeout(() => done(200), 30);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const link = (path: string, line = 1): ExternalLink => ({ url: `${base}${path}`, pages: 2, firstPage: 'https://www.polybrowser.example/links', file: 'www.polybrowser.example/links.html', line, column: 40 });

describe('sitegen check --external', () => {
  it('reports 404 and 410 as errors where first linked, other failures and time-outs as warnings', async () => {
    // The answering links get the default time-out (10 s): a busy machine must not turn an answer into a time-out.
    const answered = await fetchExternalLinks([link('/ok', 1), link('/missing', 2), link('/gone', 3), link('/error', 4), link('/no-head', 6)]);
    const timedOut = await fetchExternalLinks([link('/slow', 5)], { timeoutMs: 500 });
    const findings = [...answered, ...timedOut];
    expect(findings.map((f) => [f.code, f.severity, f.line])).toEqual([
      ['CHECK_EXTERNAL_BROKEN', 'error', 2],
      ['CHECK_EXTERNAL_BROKEN', 'error', 3],
      ['CHECK_EXTERNAL_UNREACHABLE', 'warning', 4],
      ['CHECK_EXTERNAL_UNREACHABLE', 'warning', 5],
    ]);
    expect(findings[0]).toMatchObject({ file: 'www.polybrowser.example/links.html', column: 40, message: `${base}/missing answers 404 (linked from 2 place(s)); fix or remove the link` });
    expect(findings[3]!.message).toContain('no answer within 500 ms');
    // A server that refuses HEAD is asked again with GET.
    expect(methods).toContain('GET /no-head');
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    // Counted where the check calls fetch: each request stays in flight until its answer has come
    // back, whatever the order the server handles them in.
    let inFlight = 0;
    let mostInFlight = 0;
    const counting: typeof fetch = async (input, init) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const findings = await fetchExternalLinks(Array.from({ length: 12 }, (_, i) => link(`/ok-${i}`)), { concurrency: 3, fetch: counting });
    expect(findings).toEqual([]);
    expect(mostInFlight).toBe(3);
    expect(methods.filter((m) => m.startsWith('HEAD /ok-'))).toHaveLength(12);
  });
});
