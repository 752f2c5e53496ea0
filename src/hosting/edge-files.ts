import type { BundledMiddleware } from '../bundle/bundle-middleware.js';
import type { OutputFile } from '../model/output-file.js';
import type { CompiledEdgeConfig } from '../edge/compile-edge-config.js';
import { EDGE_CONFIG_ITEM } from '../model/edge-config.js';

/**
 * The edge outputs every target shares: the document (minified, as stored), the body of the Vercel
 * REST call that uploads it to an Edge Config store, and the middleware with the document inlined.
 */
export function edgeFiles(edge: CompiledEdgeConfig, middleware: BundledMiddleware): OutputFile[] {
  return [
    { path: 'edge-config.json', contents: `${edge.json}\n` },
    { path: 'edge-config.items.json', contents: `${JSON.stringify({ items: [{ operation: 'upsert', key: EDGE_CONFIG_ITEM, value: edge.document }] })}\n` },
    { path: 'edge/middleware.js', contents: middleware.generic },
  ];
}
