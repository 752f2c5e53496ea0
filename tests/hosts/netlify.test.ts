import { describeHostTarget } from './support/host-suite.js';
import { startNetlify } from './support/netlify-target.js';

// Netlify with the edge function sitegen writes, and with its _redirects fallback alone.
describeHostTarget({ name: 'netlify', targets: '[netlify]', start: (dir) => startNetlify(dir, { withFunction: true }), runsMiddleware: true });
describeHostTarget({ name: 'netlify _redirects only', targets: '[netlify]', start: (dir) => startNetlify(dir, { withFunction: false }), runsMiddleware: false });
