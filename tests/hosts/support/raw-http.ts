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
  status: number;
  /** Header lines as received, names lower-cased, in order (repeated headers stay separate). */
  headers: [string, string][];
  body: string;
}

/**
 * One HTTP/1.1 exchange over a fresh TCP connection. Node's http client and fetch refuse or
 * re-encode hostile paths (tabs, backslashes, NUL), so the tests write the request line themselves,
 * as an attacker would.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    const lines = [`${request.method ?? 'GET'} ${request.path} HTTP/1.1`];
    if (request.host !== null) lines.push(`Host: ${request.host}`);
    for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
    lines.push('Connection: close', '', '');
    socket.end(Buffer.from(lines.join('\r\n'), 'utf8'));
  });
}

export function header(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n === name)?.[1];
}

function parseResponse(bytes: Buffer): RawResponse {
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
  return { status, headers, body: body.toString('utf8') };
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
