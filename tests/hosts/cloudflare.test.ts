import { describeHostTarget } from './support/host-suite.js';
import type { RawResponse } from './support/raw-http.js';
import { startCloudflare } from './support/wrangler-target.js';

/**
 * workerd's own 500 for a request it cannot make a URL of ("invalid hostname when stringifying
 * URL", an absolute-form target, TRACE): plain text, before the worker or the assets run. Cloudflare's
 * edge refuses such requests before they reach a Pages project. 501 is its answer to a method it does
 * not know (FOO, a lower-case get).
 */
const refusedByWorkerd = (response: RawResponse) => (response.status === 500 && response.body === 'Internal Server Error') || response.status === 501;

// Cloudflare Pages with the _worker.js sitegen writes, and with its _redirects fallback alone.
describeHostTarget({ name: 'cloudflare', targets: '[cloudflare]', start: (dir) => startCloudflare(dir, { withWorker: true }), runsMiddleware: true, refusedByRuntime: refusedByWorkerd });
describeHostTarget({ name: 'cloudflare _redirects only', targets: '[cloudflare]', start: (dir) => startCloudflare(dir, { withWorker: false }), runsMiddleware: false, refusedByRuntime: refusedByWorkerd });
