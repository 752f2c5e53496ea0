import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for every endpoint of spec §7 (and the third-party scripts the runtime loads),
 * recording what it receives. Tests read and steer it over HTTP (it runs in vitest's global setup,
 * the tests in worker processes):
 *   GET  /__requests          every recorded request, oldest first
 *   POST /__reset             forget requests and behaviour overrides
 *   POST /__behaviour         JSON object merged into the behaviour below
 * A call forwarded from a page as /__from/<test>/<path> is answered as <path> and recorded with
 * `from: <test>` (tests/e2e/support/e2e.ts routeApiToThisFile: which test's page made it).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  body: string;
  origin?: string;
  cookie?: string;
  at: number;
  /** The test whose page made the call (absent for calls that were not forwarded from a page). */
  from?: string;
}

export interface Behaviour {
  /** Country the visitor-IP call reports. */
  country: string;
  /** Response code of the third-party login call (0 = success). */
  loginCode: number;
  /** What the one-tap stand-in does when prompted: call back with a credential, or nothing. */
  oneTap: 'credential' | 'silent';
  /** Chat config: which chat the server names, or 'fail' for a transport failure. */
  chat: 'SS_HUMAN' | 'SS_ROBOT' | 'HUAN_XIN' | 'fail';
  chatChoose: 'easemob' | 'ss';
  /** Latest-version call: answer with a URL, nonzero code, or a javascript: URL. */
  download: 'ok' | 'error' | 'hostile';
}

const DEFAULTS: Behaviour = { country: 'US', loginCode: 0, oneTap: 'silent', chat: 'SS_HUMAN', chatChoose: 'ss', download: 'ok' };

export interface FakeApi {
  url: string;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  let requests: RecordedRequest[] = [];
  let behaviour: Behaviour = { ...DEFAULTS };
  let base = '';

  const json = (res: ServerResponse, value: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const script = (res: ServerResponse, code: string) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(code);
  };

  const routes: Record<string, (req: RecordedRequest, res: ServerResponse) => void> = {
    '/client/sys-client-version/get-latest-version': (r, res) => {
      if (behaviour.download === 'error') return json(res, { code: 500, msg: 'down' });
      const url = behaviour.download === 'hostile' ? 'javascript:alert(1)' : `${base}/files/PolyBrowser-${r.query.system}.html`;
      json(res, { code: 0, data: { url } });
    },
    '/sys/user/passport/authorized-login': (_r, res) => json(res, behaviour.loginCode === 0
      ? { code: 0, data: { token: 'tok-123', cpl: '' } }
      : { code: behaviour.loginCode, msg: 'rejected' }),
    '/sys/config/ref/set': (_r, res) => json(res, { code: 0 }),
    '/sys/config/ip/get-visitor-ip': (_r, res) => json(res, { code: 0, data: { ip: '203.0.113.7', ua: 'test', language: 'en', ip_data: { timezone: 'UTC', country: behaviour.country, region: 'R', city: 'C' } } }),
    '/sys/user/passport/record-source': (_r, res) => json(res, { code: 0 }),
    '/client/record-data/log': (_r, res) => json(res, { code: 0 }),
    '/sys/config/register-chat/get-chat-type-config': (_r, res) => {
      if (behaviour.chat === 'fail') {
        res.destroy();
        return;
      }
      json(res, { code: 0, data: { chat: behaviour.chat, chat_info: { js: `<script src="${base}/chat/ss.js"></script>` } } });
    },
    '/third/chat/choose': (_r, res) => json(res, { code: 0, data: { type: behaviour.chatChoose } }),
    '/home/base-info': (_r, res) => json(res, { code: 0, data: { title: 'Base info', statistical_body: `<script src="${base}/stats.js"></script><script>window.__inline = 1</script>`, statistical_title: 'stats' } }),
    '/beacon': (_r, res) => {
      res.writeHead(204);
      res.end();
    },
    '/gsi/client': (_r, res) => script(res, oneTapScript(behaviour.oneTap)),
    '/chat/ss.js': (_r, res) => script(res, chatScript('ss')),
    '/chat/easemob.js': (_r, res) => script(res, chatScript('easemob')),
    '/chat/widget.js': (_r, res) => script(res, chatScript('default')),
    '/stats.js': (_r, res) => script(res, 'window.__stats = (window.__stats || 0) + 1;'),
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const forwarded = /^\/__from\/([^/]+)(\/.*)$/.exec(req.url ?? '');
    const url = new URL(forwarded ? forwarded[2]! : req.url ?? '/', 'http://fake');
    const origin = req.headers.origin;
    // CORS as the real API answers it: the page's origin, with credentials.
    if (origin) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
      res.setHeader('vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST');
      res.setHeader('access-control-allow-headers', 'content-type');
      res.writeHead(204);
      res.end();
      return;
    }
    const body = await readBody(req);
    if (url.pathname === '/__requests') return json(res, requests);
    if (url.pathname === '/__reset') {
      requests = [];
      behaviour = { ...DEFAULTS };
      return json(res, { ok: true });
    }
    if (url.pathname === '/__behaviour') {
      behaviour = { ...behaviour, ...(JSON.parse(body || '{}') as Partial<Behaviour>) };
      return json(res, behaviour);
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: /x-www-form-urlencoded|text\/plain/.test(req.headers['content-type'] ?? '') ? Object.fromEntries(new URLSearchParams(body)) : {},
      body,
      origin,
      cookie: req.headers.cookie,
      at: Date.now(),
      ...(forwarded && { from: decodeURIComponent(forwarded[1]!) }),
    };
    requests.push(recorded);
    if (url.pathname.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>download</title><p>${url.pathname}</p>`);
      return;
    }
    const route = routes[url.pathname];
    if (!route) return json(res, { code: 404, msg: 'no such endpoint' }, 404);
    route(recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Google's one-tap library, reduced to what the runtime calls. */
function oneTapScript(mode: Behaviour['oneTap']): string {
  return `window.google = { accounts: { id: {
    initialize(options) { window.__oneTap = { options, prompted: false }; },
    prompt() {
      window.__oneTap.prompted = true;
      const picker = document.createElement('div');
      picker.id = 'credential_picker_container';
      document.body.append(picker);
      ${mode === 'credential' ? "setTimeout(() => window.__oneTap.options.callback({ credential: 'google-jwt' }), 10);" : ''}
    },
  } } };`;
}

/** A chat widget: a fixed iframe 60 px high at the bottom right. */
function chatScript(kind: string): string {
  return `(() => {
    window.__chatKind = ${JSON.stringify(kind)};
    const frame = document.createElement('iframe');
    frame.id = 'chat-widget-frame';
    frame.setAttribute('data-chat-widget', ${JSON.stringify(kind)});
    frame.title = 'chat';
    frame.style.cssText = 'position:fixed;right:16px;bottom:16px;width:80px;height:60px;border:0';
    document.body.append(frame);
  })();`;
}
