import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { edgeConfigSchema, type EdgeConfig } from '../model/edge-config.js';
import { createMiddleware, type Middleware } from '../edge/middleware.js';
import { parseRequestPath } from '../edge/request-path.js';
import { isHostConfigPath } from '../model/host-config-files.js';
import { localeOfPath, type HostKey } from '../model/locale-table.js';
import { compressFor } from './compress.js';
import { contentTypeOf, isCompressible } from './content-types.js';
import { createFileReader, type FileReader } from './read-files.js';

export interface ServeOptions {
  /** The built output (dist/): edge-config.json and one folder per host. */
  dir: string;
  port?: number;
  /** Listen address; localhost by default so a preview is not exposed on the network. */
  listen?: string;
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
 */
export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const files = createFileReader(options.dir);
  const document = edgeConfigSchema.parse(JSON.parse(await files.readText('edge-config.json')));
  const handler = siteHandler(document, files, options);
  return listen((req, res) => handler(req, res), options);
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** An HTTP server for a handler; a handler that throws answers 500 and is logged. */
export async function listen(handler: Handler, options: Pick<ServeOptions, 'port' | 'listen' | 'log'>): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      options.log?.(`error serving ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4000, options.listen ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
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

  return async (req: IncomingMessage, res: ServerResponse) => {
    const rawPath = req.url ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, req, 405, { allow: 'GET, HEAD' }, 'Method Not Allowed\n');
    if (!rawPath.startsWith('/')) return send(res, req, 400, {}, 'Bad Request\n');
    const { key, local } = pickHost(req.headers.host, options.host, hostnames);
    const hostname = hostnames[key]!;

    const request = new Request(`https://${hostname}${rawPath}`, { headers: forwardedHeaders(req) });
    const response = await middleware(request);
    if (response) {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      if (headers.location && local) headers.location = previewLocation(headers.location, hostnames, local);
      return send(res, req, response.status, headers, await response.text());
    }

    const url = new URL(request.url);
    const vary = key === document.detect.host && url.pathname === '/' ? 'Accept-Language, Cookie, Accept-Encoding' : 'Accept-Encoding';
    const found = await findFile(files, folders[key]!, url.pathname);
    if (found) return sendFile(res, req, 200, found, vary, options.injectHtml);
    const notFound = await files.read(join(folders[key]!, notFoundPage(key as HostKey, url.pathname)));
    if (notFound) return sendFile(res, req, 404, { path: '404.html', bytes: notFound }, vary, options.injectHtml);
    return send(res, req, 404, {}, 'Not Found\n');
  };
}

/** The file for a clean URL: /vn/pricing → vn/pricing.html, / → index.html, assets as they are. */
async function findFile(files: FileReader, folder: string, pathname: string): Promise<{ path: string; bytes: Uint8Array } | undefined> {
  const parsed = parseRequestPath(pathname);
  if (!parsed.ok || parsed.normalized) return undefined;
  // Dotfiles and the hosting targets' own files are configuration, not content.
  if (isHostConfigPath(parsed.segments)) return undefined;
  const relative = parsed.segments.join('/');
  const candidates = relative === '' ? ['index.html'] : /\.[a-z0-9]+$/i.test(relative) ? [relative] : [`${relative}.html`];
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

function pickHost(header: string | undefined, forced: string | undefined, hostnames: Record<string, string>): { key: string; local?: string } {
  const keyOf = (name: string) => Object.keys(hostnames).find((key) => key === name || hostnames[key] === name);
  if (forced) return { key: keyOf(forced) ?? 'main' };
  const name = (header ?? '').replace(/:\d+$/, '').toLowerCase();
  const direct = keyOf(name);
  if (direct) return { key: direct };
  const local = /^([a-z]+)\.localhost$/.exec(name);
  if (local && keyOf(local[1]!)) return { key: keyOf(local[1]!)!, local: header };
  return { key: 'main' };
}

/** In a `zh.localhost:4000` preview, a redirect to another configured host stays on this machine. */
function previewLocation(location: string, hostnames: Record<string, string>, localHost: string): string {
  if (location.startsWith('/')) return location;
  const target = new URL(location);
  const key = Object.keys(hostnames).find((k) => hostnames[k] === target.hostname);
  if (!key) return location;
  const port = localHost.includes(':') ? `:${localHost.split(':')[1]}` : '';
  return `http://${key}.localhost${port}${target.pathname}${target.search}`;
}

function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

async function sendFile(res: ServerResponse, req: IncomingMessage, status: number, file: { path: string; bytes: Uint8Array }, vary: string, injectHtml?: string) {
  const type = contentTypeOf(file.path);
  if (injectHtml && type.startsWith('text/html')) file = { ...file, bytes: injectBeforeBodyEnd(file.bytes, injectHtml) };
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
