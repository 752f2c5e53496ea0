import * as esbuild from 'esbuild';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { Assets } from '../model/page-props.js';
import type { SiteConfig } from '../model/site-config.js';
import { buildIdOf } from './build-id.js';
import { bundleClient, hashedAsset, type BundledAssets } from './bundle-client.js';
import { bundleMiddleware, type BundledMiddleware, type PerHostTarget } from './bundle-middleware.js';
import { compileTemplates, type CompiledTemplates } from './compile-templates.js';
import { designColours } from './design-colours.js';

/** Everything compiled for one build: the templates, the browser runtime, the edge functions. */
export interface SiteBundles {
  templates: CompiledTemplates;
  client: BundledAssets;
  middleware: BundledMiddleware;
  /** The icon sprite, content-hashed like the client's files. */
  sprite: { path: string; contents: Uint8Array };
  /** The URLs pages link to, and the app build's id (both from the bundles' content). */
  assets: Assets;
  buildId: string;
}

/** Bundles a build may take from an earlier one instead of making them (a dev session keeps them). */
export type ReusedBundles = Partial<Pick<SiteBundles, 'templates' | 'client' | 'middleware'>>;

/**
 * The bundle stage: templates/ for Node, client/ for the browser, and the edge middleware with the
 * edge document inlined, for every target site.yaml lists (and only those: each per-host target
 * is one bundle per host). An esbuild error is a diagnostic naming its file, line and column.
 */
export async function bundleSite(root: string, config: SiteConfig, edgeJson: string, options: { minify?: boolean; reuse?: ReusedBundles }): Promise<{ bundles?: SiteBundles; diagnostics: Diagnostic[] }> {
  // Counted before the first await: a stopBundler called from now on leaves the service running.
  bundling++;
  try {
    await stopping;
    return await bundleAll(root, config, edgeJson, options);
  } finally {
    bundling--;
  }
}

/** Bundle stages running in this process, and esbuild's service on its way out (stopBundler). */
let bundling = 0;
let stopping: Promise<void> | undefined;

/**
 * Ends esbuild's service process (60 MB at the 4000-article corpus) unless a bundle stage of this
 * process is running: a single build bundles once, and the service would otherwise stay beside the
 * drawing processes and Pagefind's until the build ends. The next esbuild call starts it again.
 */
export async function stopBundler(): Promise<void> {
  if (bundling > 0) return;
  await (stopping ??= esbuild.stop().finally(() => { stopping = undefined; }));
}

async function bundleAll(root: string, config: SiteConfig, edgeJson: string, options: { minify?: boolean; reuse?: ReusedBundles }): Promise<{ bundles?: SiteBundles; diagnostics: Diagnostic[] }> {
  const reuse = options.reuse ?? {};
  try {
    const [templates, client, middleware] = await Promise.all([
      reuse.templates ?? compileTemplates(root),
      reuse.client ?? bundleClient(root, { minify: options.minify }),
      reuse.middleware ?? bundleMiddleware(edgeJson, { minify: options.minify, perHost: perHostTargets(config) }),
    ]);
    const sprite = hashedAsset('icons', 'svg', templates.spriteSvg());
    const buildId = buildIdOf(templates.codeHash, [...client.files.map((f) => f.path), sprite.path]);
    const colours = designColours(client);
    return { bundles: { templates, client, middleware, sprite, assets: { ...client.assets, sprite: sprite.path, colours }, buildId }, diagnostics: [] };
  } catch (error) {
    return { diagnostics: [diagnostic('BUNDLE_FAILED', bundleMessage(error), { cause: error })] };
  }
}

/** The targets that get an edge function per host. */
export const perHostTargets = (config: SiteConfig): PerHostTarget[] => config.edge.targets.filter((t): t is PerHostTarget => t === 'cloudflare' || t === 'netlify');

function bundleMessage(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors;
  if (errors?.length) return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1} ${e.text}` : e.text)).join('\n');
  return (error as Error).message;
}
