import { createClient } from '@vercel/edge-config';
import { COOKIE_DAYS } from '../model/browser-contract.js';
import { cookieString } from '../model/browser-contract.js';
import { EDGE_CONFIG_ITEM, edgeConfigSchema, type EdgeConfig } from '../model/edge-config.js';
import { prepareEdge, routeRequest, type EdgeDecision, type PreparedEdge } from './route-request.js';

/**
 * The edge middleware: a Web-standard `(Request) => Response | undefined` (undefined = serve the
 * static file). It reads the edge document from Vercel Edge Config when a connection string is
 * given (EDGE_CONFIG), caches it for `ttlMs`, and falls back to the copy bundled at build time when
 * the store is unreachable, slow or holds something that is not a valid document.
 */
export interface MiddlewareOptions {
  /**
   * Serve this host key whatever the request's hostname (a Cloudflare Pages project or Netlify site
   * per host, reached also through its *.pages.dev or *.netlify.app name). By default the hostname
   * picks the host, and an unknown one passes through.
   */
  host?: string;
  /** Edge Config connection string; defaults to process.env.EDGE_CONFIG where there is one. */
  connectionString?: string;
  /** How long a fetched document is used before it is fetched again. */
  ttlMs?: number;
  /** Longest wait for the store before the bundled copy is used. */
  timeoutMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

export type Middleware = (request: Request) => Promise<Response | undefined>;

export function createMiddleware(bundled: EdgeConfig, options: MiddlewareOptions = {}): Middleware {
  const fallback = prepareEdge(bundled);
  const source = storeSource(fallback, options);
  return async (request) => {
    const edge = source ? await source() : fallback;
    const url = new URL(request.url);
    const decision = routeRequest(edge, {
      host: url.hostname,
      hostKey: options.host,
      pathname: url.pathname,
      search: url.search,
      cookie: request.headers.get('cookie'),
      acceptLanguage: request.headers.get('accept-language'),
    });
    return responseFor(decision, edge.doc.detect.cookie);
  };
}

export function responseFor(decision: EdgeDecision, cookieName: string): Response | undefined {
  switch (decision.action) {
    case 'pass':
      return undefined;
    case 'reject':
      return new Response('URI Too Long\n', { status: 414, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    case 'redirect': {
      const headers = new Headers({ location: decision.location });
      if (decision.locale !== undefined) {
        // The visitor's explicit choice, kept as the client runtime keeps it (spec §9: 365 days, path
        // /, SameSite=Lax). The value is a locale code of the document, never text from the request.
        headers.set('set-cookie', cookieString(cookieName, decision.locale, COOKIE_DAYS.locale));
      }
      // Detection and choices depend on the visitor: never cache them for someone else.
      if (decision.vary || decision.locale !== undefined) {
        if (decision.vary) headers.set('vary', decision.vary);
        headers.set('cache-control', 'private, no-store');
      } else headers.set('cache-control', 'public, max-age=3600');
      return new Response(null, { status: decision.status, headers });
    }
  }
}

/** A getter for the current document from Edge Config, or undefined when there is no store. */
function storeSource(fallback: PreparedEdge, options: MiddlewareOptions): (() => Promise<PreparedEdge>) | undefined {
  const connection = options.connectionString ?? environment('EDGE_CONFIG');
  if (!connection) return undefined;
  const log = options.log ?? ((message: string) => console.warn(`[sitegen edge] ${message}`));
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient(connection);
  } catch (error) {
    log(`invalid EDGE_CONFIG (${(error as Error).message}); using the bundled document`);
    return undefined;
  }
  const now = options.now ?? (() => Date.now());
  const ttl = options.ttlMs ?? 10_000;
  const timeout = options.timeoutMs ?? 1_500;
  let current = fallback;
  let fetchedAt: number | undefined;
  let pending: Promise<void> | undefined;

  const refresh = async () => {
    try {
      const value = await withTimeout(client.get(EDGE_CONFIG_ITEM), timeout);
      const parsed = edgeConfigSchema.safeParse(value);
      if (parsed.success) current = prepareEdge(parsed.data);
      else log(`Edge Config item "${EDGE_CONFIG_ITEM}" is ${value === undefined ? 'missing' : 'not a valid edge document'}; using the ${current === fallback ? 'bundled' : 'last good'} document`);
    } catch (error) {
      log(`Edge Config unreachable (${(error as Error).message}); using the ${current === fallback ? 'bundled' : 'last good'} document`);
    }
    fetchedAt = now();
  };

  return async () => {
    if (fetchedAt !== undefined && now() - fetchedAt < ttl) return current;
    pending ??= refresh().finally(() => (pending = undefined));
    // The first request waits for the store; later ones use the document they have while it refreshes.
    if (fetchedAt === undefined) await pending;
    return current;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}

function environment(name: string): string | undefined {
  return typeof process !== 'undefined' ? process.env?.[name] : undefined;
}
