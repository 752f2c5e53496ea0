import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Assets } from '../model/page-props.js';
import { sitegenRoot } from '../fs/sitegen-root.js';

export interface BundledAssets {
  assets: Omit<Assets, 'sprite' | 'colours'>;
  /** Files to serve, by URL path (/assets/main-3f2a.js). */
  files: { path: string; contents: Uint8Array }[];
  /** The JavaScript chunks and how they import each other, for the per-page JS report. */
  chunks: ClientChunk[];
}

export interface ClientChunk {
  /** URL path, /assets/chunks/x-HASH.js. */
  path: string;
  /** Source file this chunk is the entry of (project-relative, e.g. client/islands/tooltip.tsx), if any. */
  entry?: string;
  bytes: number;
  gzipBytes: number;
  imports: { path: string; dynamic: boolean }[];
}

/**
 * Islands and widgets are written against React's API and rendered on the server by React itself; in the
 * browser they run on Preact's React-compatible layer. React DOM alone is 67 kB gzip, more than the
 * 85 kB page budget leaves for everything else the runtime does; preact/compat is 12.7 kB with every
 * island and widget (docs/client.md#javascript-budget). Everything the islands use (hooks, createRoot,
 * hydrateRoot, camelCase SVG attributes) behaves alike in both; tests/e2e runs them in Chromium.
 */
const BROWSER_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

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
    // The browsers the site supports, and nothing older: a language level such as es2020 beside
    // them made esbuild lower what all of them run (class fields, ??=) into longer code.
    target: ['chrome100', 'safari15', 'firefox100'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    outdir,
    absWorkingDir: projectRoot,
    // React comes from sitegen's own install, so a site whose project root has no node_modules builds too.
    nodePaths: [join(sitegenRoot(), 'node_modules')],
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: BROWSER_REACT,
  });
  const files = result.outputFiles.map((f) => ({ path: `/assets/${relative(outdir, f.path).split('\\').join('/')}`, contents: f.contents }));
  const entryOf = (name: string, ext: string) => {
    const file = files.find((f) => new RegExp(`^/assets/${name}-[A-Z0-9]+\\.${ext}$`, 'i').test(f.path));
    if (!file) throw new Error(`esbuild produced no ${name}.${ext}`);
    return file.path;
  };
  return { assets: { js: entryOf('main', 'js'), css: [entryOf('site', 'css')] }, files, chunks: chunksOf(result.metafile, projectRoot, outdir, files) };
}

function chunksOf(metafile: esbuild.Metafile, projectRoot: string, outdir: string, files: BundledAssets['files']): ClientChunk[] {
  const urlOf = (output: string) => `/assets/${relative(outdir, join(projectRoot, output)).split('\\').join('/')}`;
  const contents = new Map(files.map((f) => [f.path, f.contents]));
  return Object.entries(metafile.outputs)
    .filter(([output]) => output.endsWith('.js'))
    .map(([output, meta]) => {
      const path = urlOf(output);
      const bytes = contents.get(path) ?? new Uint8Array();
      return {
        path,
        entry: meta.entryPoint,
        bytes: bytes.byteLength,
        gzipBytes: gzipSync(bytes, { level: 9 }).byteLength,
        imports: meta.imports.filter((i) => !i.external && i.path.endsWith('.js')).map((i) => ({ path: urlOf(i.path), dynamic: i.kind === 'dynamic-import' })),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A content-addressed URL for a generated file such as the icon sprite. */
export function hashedAsset(name: string, ext: string, contents: string): { path: string; contents: Uint8Array } {
  const bytes = new TextEncoder().encode(contents);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return { path: `/assets/${name}-${hash}.${ext}`, contents: bytes };
}
