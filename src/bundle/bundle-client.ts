import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import type { Assets } from '../render/page-props.js';

export interface BundledAssets {
  assets: Omit<Assets, 'sprite'>;
  /** Files to serve, by URL path (/assets/main-3f2a.js). */
  files: { path: string; contents: Uint8Array }[];
}

/**
 * Bundle the browser runtime (client/main.ts, code-split ES modules) and the stylesheet
 * (templates/styles/site.css) with content-hashed names, so assets can be cached forever.
 * Output stays in memory; the emit stage writes it.
 */
export async function bundleClient(projectRoot: string, options: { minify?: boolean } = {}): Promise<BundledAssets> {
  const outdir = join(projectRoot, '.sitegen-out');
  const result = await esbuild.build({
    entryPoints: { main: join(projectRoot, 'client/main.ts'), site: join(projectRoot, 'templates/styles/site.css') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = result.outputFiles.map((f) => ({ path: `/assets/${relative(outdir, f.path).split('\\').join('/')}`, contents: f.contents }));
  const entryOf = (name: string, ext: string) => {
    const file = files.find((f) => new RegExp(`^/assets/${name}-[A-Z0-9]+\\.${ext}$`, 'i').test(f.path));
    if (!file) throw new Error(`esbuild produced no ${name}.${ext}`);
    return file.path;
  };
  return { assets: { js: entryOf('main', 'js'), css: [entryOf('site', 'css')] }, files };
}

/** A content-addressed URL for a generated file such as the icon sprite. */
export function hashedAsset(name: string, ext: string, contents: string): { path: string; contents: Uint8Array } {
  const bytes = new TextEncoder().encode(contents);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return { path: `/assets/${name}-${hash}.${ext}`, contents: bytes };
}
