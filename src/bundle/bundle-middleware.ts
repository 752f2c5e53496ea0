import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { sitegenRoot } from '../fs/sitegen-root.js';
import { SITE_FILES_PLACEHOLDER } from '../edge/site-files.js';

export interface BundledMiddleware {
  /** Web-standard module: `export default (request) => Promise<Response | undefined>`. */
  generic: Uint8Array;
  /**
   * The same for Vercel's Build Output API, where "continue" is a response with x-middleware-next,
   * and a miss is answered with the 404 page by the middleware itself: it holds SITE_FILES_PLACEHOLDER
   * until the hosting stage puts the deployment's files in (src/hosting/vercel-output.ts).
   */
  vercel: Uint8Array;
  /** Per host key: a Cloudflare Pages advanced-mode worker (`_worker.js`), static files through env.ASSETS. */
  cloudflare: Record<string, Uint8Array>;
  /** Per host key: a Netlify edge function for every path; Netlify's answer (context.next()) passes, a 404 gets its path. */
  netlify: Record<string, Uint8Array>;
}

/** The targets whose bundle is made once per host (empty in BundledMiddleware when not asked for). */
export type PerHostTarget = 'cloudflare' | 'netlify';

const IMPORTS = `
import { createMiddleware } from 'sitegen:middleware-source';
import document from 'sitegen:edge-config';
`;

/** The entry module of each bundle; `host` is the host key a per-host deployment serves. */
const ENTRIES = {
  middleware: () => `${IMPORTS}
export default createMiddleware(document);
`,
  // Vercel serves a miss by a route, out of the middleware's reach: it answers 404 itself from the
  // deployment's file list. Without the list (a bundle the hosting stage did not complete) it passes.
  vercel: () => `${IMPORTS}
import { notFoundAnswerer } from 'sitegen:site-files-source';
import siteFiles from 'sitegen:site-files';
const middleware = createMiddleware(document);
const notFound = siteFiles.startsWith('{') ? notFoundAnswerer(document, JSON.parse(siteFiles)) : () => undefined;
export default async function handler(request) {
  return (await middleware(request)) ?? notFound(request) ?? new Response(null, { headers: { 'x-middleware-next': '1' } });
}
`,
  // Bindings (EDGE_CONFIG) arrive with the first request, so the middleware is made then.
  cloudflare: (host: string) => `${IMPORTS}
import { withAssets } from 'sitegen:assets-host';
let handler;
export default {
  async fetch(request, env) {
    handler ??= withAssets(${JSON.stringify(host)}, createMiddleware(document, { host: ${JSON.stringify(host)}, connectionString: env.EDGE_CONFIG }), (r) => env.ASSETS.fetch(r));
    return handler(request);
  },
};
`,
  // context.next() is Netlify's answer without the function (the file, or a 404 rule's page).
  netlify: (host: string) => `${IMPORTS}
import { notFoundResponse } from 'sitegen:not-found-source';
const middleware = createMiddleware(document, { host: ${JSON.stringify(host)}, connectionString: globalThis.Netlify?.env?.get('EDGE_CONFIG') });
export default async function sitegen(request, context) {
  const answer = await middleware(request);
  if (answer || !context?.next) return answer;
  const response = await context.next();
  return response.status === 404 ? notFoundResponse(response, new URL(request.url).pathname) : response;
}
export const config = { path: '/*' };
`,
};

/**
 * Bundle the edge middleware with the edge document inlined as its fallback copy: one
 * self-contained ES module per target, for edge runtimes (the `edge-light` export condition picks
 * @vercel/edge-config's fetch-only build).
 */
export async function bundleMiddleware(documentJson: string, options: { minify?: boolean; perHost?: readonly PerHostTarget[] } = {}): Promise<BundledMiddleware> {
  const root = sitegenRoot();
  const source = join(root, 'src/edge/middleware.ts');
  const hosts = Object.keys((JSON.parse(documentJson) as { origins: Record<string, string> }).origins);
  const perHostTargets = options.perHost ?? [];
  const entries: Record<string, string> = { middleware: ENTRIES.middleware(), vercel: ENTRIES.vercel() };
  // Only the targets the site deploys to: each is one more bundle per host.
  for (const target of perHostTargets) {
    for (const host of hosts) entries[`${target}-${host}`] = ENTRIES[target](host);
  }
  const virtual: esbuild.Plugin = {
    name: 'sitegen-edge',
    setup(build) {
      build.onResolve({ filter: /^sitegen:/ }, (args) => {
        if (args.path === 'sitegen:middleware-source') return { path: source };
        if (args.path === 'sitegen:assets-host') return { path: join(root, 'src/edge/assets-host.ts') };
        if (args.path === 'sitegen:site-files-source') return { path: join(root, 'src/edge/site-files.ts') };
        if (args.path === 'sitegen:not-found-source') return { path: join(root, 'src/edge/not-found-page.ts') };
        return { path: args.path, namespace: 'sitegen' };
      });
      build.onLoad({ filter: /.*/, namespace: 'sitegen' }, (args) => {
        if (args.path === 'sitegen:edge-config') return { contents: documentJson, loader: 'json' };
        if (args.path === 'sitegen:site-files') return { contents: `export default ${JSON.stringify(SITE_FILES_PLACEHOLDER)};`, loader: 'js' };
        return { contents: entries[args.path.slice('sitegen:entry-'.length)]!, loader: 'js', resolveDir: root };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.keys(entries).map((name) => [name, `sitegen:entry-${name}`])),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['edge-light', 'worker', 'browser'],
    target: 'es2022',
    minify: options.minify ?? true,
    outdir: join(root, '.sitegen-edge'),
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [virtual],
  });
  const byName = (name: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(`/${name}.js`));
    if (!file) throw new Error(`esbuild produced no ${name}.js`);
    return file.contents;
  };
  const perHost = (target: PerHostTarget) => (perHostTargets.includes(target) ? Object.fromEntries(hosts.map((host) => [host, byName(`${target}-${host}`)])) : {});
  return { generic: byName('middleware'), vercel: byName('vercel'), cloudflare: perHost('cloudflare'), netlify: perHost('netlify') };
}
