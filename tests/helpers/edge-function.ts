import * as esbuild from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';

/** What an edge function made of a request: its Response, or nothing (the host serves the files). */
export type EdgeFunction = (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response | undefined>;

/**
 * An ES module bundle (`export default (request) => Response | undefined`) inside edge-runtime, the
 * Web-standard sandbox Vercel's and (for Web APIs) Netlify's edge functions run in: no Node
 * built-ins, no process. `passes(response)` says which answers mean "go on to the files".
 */
export async function loadEdgeFunction(bundle: Uint8Array, passes: (status: number, headers: Headers) => boolean): Promise<EdgeFunction> {
  const script = await esbuild.transform(new TextDecoder().decode(bundle), { format: 'iife', globalName: 'sitegenEdge', loader: 'js' });
  const runtime = new EdgeRuntime({
    initialCode: `${script.code}
addEventListener('fetch', (event) => {
  event.respondWith(Promise.resolve(sitegenEdge.default(event.request)).then((response) => response ?? new Response(null, { status: 599 })));
});`,
  });
  return async (url, init) => {
    const response = await runtime.dispatchFetch(url, init);
    await response.waitUntil();
    return response.status === 599 || passes(response.status, response.headers) ? undefined : response;
  };
}
