import { connect } from 'node:net';

/** A request as it goes on the wire: the path's bytes are sent as given, never normalised. */
export interface RawRequest {
  /** Host header; `null` sends none. */
  host: string | null;
  /** Request target exactly as sent (may hold bytes a real client would escape, for hostile cases). */
  path: string;
  headers?: Record<string, string>;
  method?: string;
}

export interface RawResponse {
  /** 0 when the server closed the connection without answering (e.g. Node for CONNECT). */
  status: number;
  /** Header lines as received, names lower-cased, in order (repeated headers stay separate). */
  headers: [string, string][];
  body: string;
  /** The body's bytes, for files that are not text (a search index's). */
  bytes: Uint8Array;
}

/**
 * One HTTP/1.1 exchange over a fresh TCP connection. Node's http client and fetch refuse or
 * re-encode hostile paths (tabs, backslashes, NUL), so the tests write the request line themselves,
 * as an attacker would.
 */
export function rawRequest(port: number, request: RawRequest, options: { silenceMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    };
    // Some servers keep the connection open despite "Connection: close": the answer is complete
    // when its body is (Content-Length, the last chunk, or no body at all).
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks), request.method === 'HEAD')) finish();
    });
    socket.on('error', (error) => (chunks.length ? finish() : reject(error)));
    socket.on('close', finish);
    // A server that neither answers nor closes (wrangler's dev proxy with an absolute-form target or
    // a Host it cannot parse): after this much silence the exchange ends as "no answer" (status 0).
    if (options.silenceMs !== undefined) socket.setTimeout(options.silenceMs, finish);
    const lines = [`${request.method ?? 'GET'} ${request.path} HTTP/1.1`];
    if (request.host !== null) lines.push(`Host: ${request.host}`);
    for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
    lines.push('Connection: close', '', '');
    // write, not end: some servers (Node's among them) drop a connection whose client half-closed it.
    socket.write(Buffer.from(lines.join('\r\n'), 'utf8'));
  });
}

export function header(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n === name)?.[1];
}

function isComplete(bytes: Buffer, head: boolean): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head_ = bytes.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head_)?.[1]);
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head_)?.[1];
  if (length !== undefined) return bytes.length - (end + 4) >= Number(length);
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head_)) return bytes.subarray(end + 4).includes('\r\n0\r\n\r\n') || bytes.subarray(end + 4).indexOf('0\r\n\r\n') === 0;
  return false;
}

function parseResponse(bytes: Buffer): RawResponse {
  if (bytes.length === 0) return { status: 0, headers: [], body: '', bytes: new Uint8Array() };
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete HTTP response (${bytes.length} bytes: ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))})`);
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  if (!status) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  });
  let body = bytes.subarray(end + 4);
  if (headers.some(([n, v]) => n === 'transfer-encoding' && /chunked/i.test(v))) body = dechunk(body);
  return { status, headers, body: body.toString('utf8'), bytes: new Uint8Array(body) };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
