import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { sitegenRoot } from './sitegen-root.js';

export interface BundledMiddleware {
  /** Web-standard module: `export default (request) => Promise<Response | undefined>`. */
  generic: Uint8Array;
  /** The same for Vercel's Build Output API, where "continue" is a response with x-middleware-next. */
  vercel: Uint8Array;
}

const ENTRIES: Record<string, string> = {
  middleware: `
import { createMiddleware } from 'sitegen:middleware-source';
import document from 'sitegen:edge-config';
export default createMiddleware(document);
`,
  vercel: `
import { createMiddleware } from 'sitegen:middleware-source';
import document from 'sitegen:edge-config';
const middleware = createMiddleware(document);
export default async function handler(request) {
  return (await middleware(request)) ?? new Response(null, { headers: { 'x-middleware-next': '1' } });
}
`,
};

/**
 * Bundle the edge middleware with the edge document inlined as its fallback copy: one
 * self-contained ES module per target, for edge runtimes (the `edge-light` export condition picks
 * @vercel/edge-config's fetch-only build).
 */
export async function bundleMiddleware(documentJson: string, options: { minify?: boolean } = {}): Promise<BundledMiddleware> {
  const root = sitegenRoot();
  const source = join(root, 'src/edge/middleware.ts');
  const virtual: esbuild.Plugin = {
    name: 'sitegen-edge',
    setup(build) {
      build.onResolve({ filter: /^sitegen:/ }, (args) =>
        args.path === 'sitegen:middleware-source' ? { path: source } : { path: args.path, namespace: 'sitegen' });
      build.onLoad({ filter: /.*/, namespace: 'sitegen' }, (args) => {
        if (args.path === 'sitegen:edge-config') return { contents: documentJson, loader: 'json' };
        return { contents: ENTRIES[args.path.slice('sitegen:entry-'.length)]!, loader: 'js', resolveDir: root };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `sitegen:entry-${name}`])),
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
  return { generic: byName('middleware'), vercel: byName('vercel') };
}
