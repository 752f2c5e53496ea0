import type { BundledMiddleware } from '../bundle/bundle-middleware.js';
import type { SiteConfig } from '../model/site-config.js';
import type { CompiledEdgeConfig } from '../edge/compile-edge-config.js';
import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { HOST_KEYS, localesOnHost, type HostKey } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import { hostDir } from '../route/urls.js';
import { NGINX_GAPS, renderNginxConf } from './nginx-conf.js';
import { renderRedirectsFile } from './redirects-file.js';
import { staticRulesFor } from './static-rules.js';
import { renderVercelOutput, VERCEL_MAX_ROUTES, type HostedSite } from './vercel-output.js';


/**
 * Hosting configurations from the one edge document, for the targets site.yaml lists. Each target
 * is checked against its own limits; what a target cannot express is reported, never dropped.
 * Problems of the targets chosen are reported at `configFile`, the site.yaml the build read.
 */
export function renderHosting(config: SiteConfig, edge: CompiledEdgeConfig, middleware: BundledMiddleware, site: HostedSite, configFile: string): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const targets = new Set(config.edge.targets);
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const notFoundPrefixes = (host: HostKey) => localesOnHost(host).map((l) => l.prefix).sort((a, b) => b.length - a.length);
  const doc = edge.document;

  if (targets.has('netlify') && targets.has('cloudflare')) {
    diagnostics.push(diagnostic('CONFIG_INVALID', 'edge.targets lists both netlify and cloudflare, which both read <host>/_redirects in different dialects; build one of them per output directory', { file: configFile }));
    return { files, diagnostics };
  }
  if (targets.has('vercel')) {
    const hosts = HOST_KEYS.map((key) => ({ key, name: new URL(config.hosts[key]).hostname, folder: hostDir(config, key), notFoundPrefixes: notFoundPrefixes(key) }));
    const vercel = renderVercelOutput(hosts, site, middleware.vercel, new URL(doc.origins[doc.detect.host]!).hostname);
    if (vercel.routes > VERCEL_MAX_ROUTES) diagnostics.push(diagnostic('HOSTING_LIMIT', `vercel: config.json would have ${vercel.routes} routes (limit ${VERCEL_MAX_ROUTES})`));
    // One at a time: a spread of a large site's 140 000 files as arguments overflows the stack.
    else for (const file of vercel.files) files.push(file);
  }
  for (const target of ['netlify', 'cloudflare'] as const) {
    if (!targets.has(target)) continue;
    for (const key of HOST_KEYS) {
      // The middleware as the host's own function, and _redirects as the safe fallback the host
      // applies where the function is not deployed.
      const folder = hostDir(config, key);
      files.push(...(target === 'cloudflare' ? cloudflareFunction(folder, middleware.cloudflare[key]!) : netlifyFunction(folder, middleware.netlify[key]!)));
      const rendered = renderRedirectsFile(staticRulesFor(doc, key), { target, folder, notFoundPrefixes: notFoundPrefixes(key) });
      diagnostics.push(...rendered.diagnostics);
      if (!rendered.diagnostics.length) files.push(rendered.file);
    }
  }
  if (targets.has('nginx')) {
    files.push(renderNginxConf(HOST_KEYS.map((key) => ({
      hostRules: staticRulesFor(doc, key), serverName: new URL(config.hosts[key]).hostname, folder: hostDir(config, key), notFoundPrefixes: notFoundPrefixes(key),
      maxPathLength: doc.maxPathLength,
    })), Object.keys(doc.languageHosts)));
  }
  // Vercel, Cloudflare and Netlify run the middleware; nginx runs only what its language can do.
  // One short line for the target (it is printed on every build); docs/hosting.md has the details.
  if (targets.has('nginx')) {
    const gaps = new Intl.ListFormat('en', { type: 'disjunction' }).format(Object.values(NGINX_GAPS));
    diagnostics.push(warning('HOSTING_UNSUPPORTED', `nginx cannot run the edge middleware: no ${gaps}`, { file: configFile }));
  }
  return { files, diagnostics };
}

/** Cloudflare Pages advanced mode: `_worker.js` in the output folder runs first for every request. */
function cloudflareFunction(folder: string, worker: Uint8Array): OutputFile[] {
  return [{ path: `${folder}/_worker.js`, contents: worker }];
}

/**
 * A Netlify site per host: its base directory is `netlify/<host>/` (netlify.toml there publishes
 * the host's folder and declares the edge-functions folder), so the function never sits among the
 * files the site serves.
 */
function netlifyFunction(folder: string, edgeFunction: Uint8Array): OutputFile[] {
  const toml = [
    '# Netlify site for this host, written by sitegen: deploy with `netlify deploy --cwd` this folder.',
    '[build]',
    `  publish = "../../${folder}"`,
    '  edge_functions = "edge-functions"',
    '',
  ].join('\n');
  return [
    { path: `netlify/${folder}/netlify.toml`, contents: toml },
    { path: `netlify/${folder}/edge-functions/sitegen.js`, contents: edgeFunction },
  ];
}
