import type { RawRequest, RawResponse } from './raw-http.js';

/** The three hosts of the site, by key. */
export type HostKey = 'main' | 'zh' | 'ru';

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
