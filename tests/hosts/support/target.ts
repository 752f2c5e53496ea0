import type { HostKey } from '../../../src/model/locale-table.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';
import { rawRequest, type RawRequest, type RawResponse } from './raw-http.js';

export type { HostKey };

export interface HostRequest extends Omit<RawRequest, 'host'> {
  host: HostKey;
  /** Send this Host header instead of the host's own name (hostile Host cases); null sends none. */
  hostHeader?: string | null;
}

/**
 * A hosting target running for real on loopback (nginx, wrangler pages dev, sitegen serve, ...),
 * over a built site on disk. `request` sends one raw HTTP request to the server that answers `host`.
 */
export interface RunningTarget {
  name: string;
  /** `silenceMs`: give up on a server that stays silent that long (hostile requests only). */
  request(request: HostRequest, options?: { silenceMs?: number }): Promise<RawResponse>;
  stop(): Promise<void>;
}

/**
 * `request` for a server on loopback: each host's port, the host's name as Host unless the request
 * says otherwise. A request that fails (refused, reset) carries `explain(host)`: the server's state
 * and last output, so a server that died under load says so rather than only "ECONNREFUSED".
 */
export function requestsTo(portOf: (host: HostKey) => number, explain?: (host: HostKey) => string): RunningTarget['request'] {
  return async (r, options) => {
    try {
      return await rawRequest(portOf(r.host), { ...r, host: r.hostHeader === undefined ? HOSTNAMES[r.host] : r.hostHeader }, options);
    } catch (error) {
      if (!explain) throw error;
      throw new Error(`${(error as Error).message}\n${explain(r.host)}`, { cause: error });
    }
  };
}
