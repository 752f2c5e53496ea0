import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { edgeConfigSchema, type EdgeConfig } from '../model/edge-config.js';
import { createMiddleware, type Middleware } from '../edge/middleware.js';
import { fillNotFoundPage } from '../edge/not-found-page.js';
import { parseRequestPath } from '../edge/request-path.js';
import { isHostConfigPath } from '../model/host-config-files.js';
import { localeOfPath, type HostKey } from '../model/locale-table.js';
import { compressFor } from './compress.js';
import { contentTypeOf, isCompressible } from './content-types.js';
import { createFileReader, type FileReader } from './read-files.js';
import { originRewriter, previewLocation, previewOrigins, type OriginRewriter, type PreviewOrigins } from './preview-origins.js';
import { hostName, localHost } from './local-host.js';

export interface ServeOptions {
  /** The built output (dist/): edge-config.json and one folder per host. */
  dir: string;
  port?: number;
  /** Listen address; localhost by default so a preview is not exposed on the network. */
  listen?: string;
  /** Fail (ListenError) when the port is in use, instead of taking the next free one. */
  strictPort?: boolean;
  /** Serve this host whatever the Host header says (a host key or hostname). */
  host?: string;
  /** Edge Config connection string for the middleware (default: process.env.EDGE_CONFIG). */
  edgeConfig?: string;
  log?: (line: string) => void;
}

export interface RunningServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

/**
 * A real HTTP server over dist/ that behaves like the hosted site: the edge middleware first (same
 * code, same document), then static files at their clean URLs, the locale's 404 page with status
 * 404, and gzip/brotli. The host is picked by --host, else by the Host header (a configured hostname,
 * or `zh.localhost` style names for previewing every host from one machine), else the main host.
 * Reached by a local name, its links and redirects to the hosts stay local (preview-origins.ts).
 */
export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const files = createFileReader(options.dir);
  const document = edgeConfigSchema.parse(JSON.parse(await files.readText('edge-config.json')));
  const handler = siteHandler(document, files, options);
  return listen((req, res) => handler(req, res), options);
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A server that could not start listening; its message is the one line the terminal shows. */
export class ListenError extends Error {}

/** How many ports from the one asked for are tried when it is in use (4000, 4001, … 4019). */
const PORT_ATTEMPTS = 20;

/**
 * An HTTP server for a handler; a handler that throws answers 500 and is logged. A port in use is
 * said in one line and the next ports are tried, as Vite does, unless `strictPort`; a server that
 * cannot listen rejects with a ListenError.
 */
export async function listen(handler: Handler, options: Pick<ServeOptions, 'port' | 'listen' | 'log' | 'strictPort'>): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      options.log?.(`error serving ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });
  const asked = options.port ?? 4000;
  const address = options.listen ?? '127.0.0.1';
  const last = options.strictPort || asked === 0 ? asked : Math.min(asked + PORT_ATTEMPTS - 1, 65535);
  for (let port = asked; ; port++) {
    const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(port, address, () => {
        server.off('error', resolve);
        resolve(undefined);
      });
    });
    if (!failure) break;
    if (failure.code === 'EADDRINUSE' && port < last) continue;
    throw new ListenError(listenFailure(failure, address, asked, port, !!options.strictPort));
  }
  const { port } = server.address() as AddressInfo;
  if (asked !== 0 && port !== asked) options.log?.(`${port - asked > 1 ? `ports ${asked}-${port - 1} are` : `port ${asked} is`} in use, using ${port}`);
  return {
    server,
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function listenFailure(error: NodeJS.ErrnoException, address: string, asked: number, port: number, strict: boolean): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return strict
        ? `port ${port} of ${address} is in use (--strict-port): stop what uses it, or choose another port with --port`
        : `ports ${asked}-${port} of ${address} are all in use: choose a free port with --port (0 picks one)`;
    case 'EACCES':
      return `not allowed to listen on port ${port} of ${address}: choose a port above 1023 with --port`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `cannot listen on ${address}: it is not an address of this machine; check --listen`;
    default:
      return `cannot listen on ${address}:${port}: ${error.message}`;
  }
}

/**
 * What serves one built site: the edge middleware, then the files. `injectHtml` is added before
 * </body> of every HTML answer (sitegen dev's live-reload script).
 */
export function siteHandler(document: EdgeConfig, files: FileReader, options: Pick<ServeOptions, 'host' | 'edgeConfig'> & { injectHtml?: string }): Handler {
  const middleware = createMiddleware(document, { connectionString: options.edgeConfig });
  return requestHandler(document, middleware, files, options);
}

function requestHandler(document: EdgeConfig, middleware: Middleware, files: FileReader, options: Pick<ServeOptions, 'host'> & { injectHtml?: string }) {
  const hostnames = Object.fromEntries(Object.entries(document.origins).map(([key, origin]) => [key, new URL(origin).hostname]));
  // dist/ folders are named by host (with a port when the origin has one).
  const folders = Object.fromEntries(Object.entries(document.origins).map(([key, origin]) => [key, new URL(origin).host]));
  const bodies = servedBodies(originRewriter(Object.values(document.origins)), options.injectHtml);

  return async (req: IncomingMessage, res: ServerResponse) => {
    const rawPath = req.url ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, req, 405, { allow: 'GET, HEAD' }, 'Method Not Allowed\n');
    if (!rawPath.startsWith('/')) return send(res, req, 400, {}, 'Bad Request\n');
    const { key, configured } = pickHost(req.headers.host, options.host, hostnames);
    const hostname = hostnames[key]!;
    // Reached by a configured hostname (a hosts-file entry, a proxy): the links are right as they are.
    const preview = configured ? undefined : previewOrigins(req.headers.host, document.origins, key, !!options.host);

    const request = new Request(`https://${hostname}${rawPath}`, { headers: forwardedHeaders(req) });
    const response = await middleware(request);
    if (response) {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      if (headers.location && preview) headers.location = previewLocation(headers.location, preview);
      return send(res, req, response.status, headers, await response.text());
    }

    const url = new URL(request.url);
    const vary = key === document.detect.host && url.pathname === '/' ? 'Accept-Language, Cookie, Accept-Encoding' : 'Accept-Encoding';
    const found = await findFile(files, folders[key]!, url.pathname);
    if (found) return sendFile(res, req, 200, found, vary, (bytes, type) => bodies(bytes, type, preview));
    const notFound = await files.read(join(folders[key]!, notFoundPage(key as HostKey, url.pathname)));
    // The locale's 404 page, prepared once per variant, then the path asked for filled in.
    const withPath = (bytes: Uint8Array) => new TextEncoder().encode(fillNotFoundPage(new TextDecoder().decode(bytes), url.pathname));
    if (notFound) return sendFile(res, req, 404, { path: '404.html', bytes: notFound }, vary, (bytes, type) => withPath(bodies(bytes, type, preview)));
    return send(res, req, 404, {}, 'Not Found\n');
  };
}

/**
 * The body a text file is served with: the preview's origins moved in (see preview-origins.ts) and,
 * in HTML, `injectHtml` before </body>. Kept per file body and variant, so a page is rewritten, and
 * then compressed (compress.ts caches per body object), once rather than on every request; a file
 * keeps at most four variants (a page is normally reached by one or two local names).
 */
function servedBodies(rewrite: OriginRewriter, injectHtml: string | undefined) {
  const cache = new WeakMap<Uint8Array, Map<string, Uint8Array>>();
  return (bytes: Uint8Array, type: string, preview: PreviewOrigins | undefined): Uint8Array => {
    const inject = injectHtml !== undefined && type.startsWith('text/html');
    // isCompressible: the text formats, the ones that can hold a link.
    if (!isCompressible(type) || (!preview && !inject)) return bytes;
    const variant = preview?.key ?? '';
    let variants = cache.get(bytes);
    if (!variants) cache.set(bytes, (variants = new Map()));
    let served = variants.get(variant);
    if (!served) {
      served = preview ? rewrite(bytes, preview) : bytes;
      if (inject) served = injectBeforeBodyEnd(served, injectHtml);
      if (variants.size >= 4) variants.delete(variants.keys().next().value!);
      variants.set(variant, served);
    }
    return served;
  };
}

/** The file for a clean URL: /vn/pricing → vn/pricing.html, / → index.html, assets as they are. */
async function findFile(files: FileReader, folder: string, pathname: string): Promise<{ path: string; bytes: Uint8Array } | undefined> {
  const parsed = parseRequestPath(pathname);
  if (!parsed.ok || parsed.normalized) return undefined;
  // Dotfiles and the hosting targets' own files are configuration, not content.
  if (isHostConfigPath(parsed.segments)) return undefined;
  const relative = parsed.segments.join('/');
  // A name with an extension is a file as it is; Pagefind's have underscores (index.pf_meta).
  const candidates = relative === '' ? ['index.html'] : /\.[a-z0-9_]+$/i.test(relative) ? [relative] : [`${relative}.html`];
  for (const candidate of candidates) {
    const bytes = await files.read(join(folder, candidate));
    if (bytes) return { path: candidate, bytes };
  }
  return undefined;
}

/** The 404 page of the path's locale: /vn/nope → vn/404.html; the host root's otherwise. */
function notFoundPage(host: HostKey, pathname: string): string {
  return join(localeOfPath(host, pathname).prefix.slice(1), '404.html');
}

/** The host a request is for, and whether its Host header is that host's configured hostname. */
function pickHost(header: string | undefined, forced: string | undefined, hostnames: Record<string, string>): { key: string; configured: boolean } {
  const keyOf = (name: string) => Object.keys(hostnames).find((key) => key === name || hostnames[key] === name);
  const name = hostName(header);
  const configured = Object.values(hostnames).includes(name);
  if (forced) return { key: keyOf(forced) ?? 'main', configured };
  const direct = keyOf(name);
  if (direct) return { key: direct, configured };
  const label = localHost(header)?.label;
  return { key: (label && keyOf(label)) || 'main', configured };
}

function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

async function sendFile(res: ServerResponse, req: IncomingMessage, status: number, file: { path: string; bytes: Uint8Array }, vary: string, transform: (bytes: Uint8Array, type: string) => Uint8Array) {
  const type = contentTypeOf(file.path);
  file = { ...file, bytes: transform(file.bytes, type) };
  const headers: Record<string, string> = {
    'content-type': type,
    // Assets have content-hashed names: cacheable forever. Pages must be revalidated.
    'cache-control': file.path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary,
  };
  let body = file.bytes;
  if (isCompressible(type)) {
    const compressed = await compressFor(req.headers['accept-encoding'], file.bytes);
    if (compressed) {
      headers['content-encoding'] = compressed.encoding;
      body = compressed.bytes;
    }
  }
  send(res, req, status, headers, body);
}

function injectBeforeBodyEnd(bytes: Uint8Array, html: string): Uint8Array {
  const text = new TextDecoder().decode(bytes);
  const at = text.lastIndexOf('</body>');
  return new TextEncoder().encode(at < 0 ? `${text}${html}` : `${text.slice(0, at)}${html}${text.slice(at)}`);
}

export function send(res: ServerResponse, req: IncomingMessage, status: number, headers: Record<string, string>, body: string | Uint8Array) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
