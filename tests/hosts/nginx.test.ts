import { describeHostTarget } from './support/host-suite.js';
import { startNginx } from './support/nginx-target.js';

// Debian's nginx running dist/nginx.conf: the static rules alone, as nginx's language allows them.
describeHostTarget({ name: 'nginx', targets: '[vercel, cloudflare, nginx]', start: startNginx, runsMiddleware: false });
