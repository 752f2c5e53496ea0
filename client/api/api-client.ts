/**
 * The one API client every call of spec §7 goes through. Rules (spec §7, §8):
 * - a response whose `code` is not 0 rejects with that response (an ApiError carrying it);
 * - a transport failure is logged as 'req error', an empty or unparsable body as 'res error', and
 *   both reject.
 */
export interface ApiResponse<T = unknown> {
  code: number;
  data?: T;
  msg?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(message: string, readonly response?: ApiResponse) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Absolute URL of the endpoint. */
  url: string;
  query?: Record<string, string | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
  /** Send cookies cross-origin (credentials: 'include'). */
  credentials?: boolean;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  log?: (message: string, detail: unknown) => void;
}

export type ApiClient = <T = unknown>(request: ApiRequest) => Promise<ApiResponse<T>>;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const log = options.log ?? ((message, detail) => console.error(message, detail));
  return async <T,>(request: ApiRequest): Promise<ApiResponse<T>> => {
    const url = withQuery(request.url, request.query);
    const init: RequestInit = { method: request.method ?? 'GET', credentials: request.credentials ? 'include' : 'same-origin' };
    if (request.form) init.body = new URLSearchParams(definedEntries(request.form));
    let text: string;
    try {
      const response = await doFetch(url, init);
      text = await response.text();
    } catch (error) {
      log('req error', { url: request.url, error });
      throw new ApiError('req error');
    }
    let body: ApiResponse<T> | undefined;
    try {
      body = text.trim() ? (JSON.parse(text) as ApiResponse<T>) : undefined;
    } catch {
      body = undefined;
    }
    if (!body || typeof body !== 'object') {
      log('res error', { url: request.url, body: text.slice(0, 200) });
      throw new ApiError('res error');
    }
    if (Number(body.code) !== 0) throw new ApiError(`code ${String(body.code)}`, body);
    return body;
  };
}

/** Joins an API base and a path with exactly one slash. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function withQuery(url: string, query: ApiRequest['query']): string {
  if (!query) return url;
  const params = new URLSearchParams(definedEntries(query)).toString();
  if (!params) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}

function definedEntries(record: Record<string, string | undefined>): [string, string][] {
  return Object.entries(record).filter((e): e is [string, string] => e[1] !== undefined);
}
