import { describeHostTarget } from './support/host-suite.js';
import { startVercel } from './support/vercel-target.js';

describeHostTarget({ name: 'vercel', targets: '[vercel, cloudflare, nginx]', start: startVercel, runsMiddleware: true });
