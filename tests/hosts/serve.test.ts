import { describeHostTarget } from './support/host-suite.js';
import { startServe } from './support/serve-target.js';

describeHostTarget({ name: 'sitegen serve', targets: '[vercel, cloudflare, nginx]', start: startServe, runsMiddleware: true });
