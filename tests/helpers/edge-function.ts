import * as esbuild from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';

/** What an edge function made of a request: its Response, or nothing (the host serves the files). */
export type EdgeFunction = (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response | undefined>;

/** What the host answers when the function hands the request on (Netlify's `context.next()`). */
export type NextAnswer = (url: string, method: string) => Promise<{ status: number; headers: [string, string][]; body?: Uint8Array | string }>;

/**
 * An ES module bundle (`export default (request, context) => Response | undefined`) inside
 * edge-runtime, the Web-standard sandbox Vercel's and (for Web APIs) Netlify's edge functions run in:
 * no Node built-ins, no process. `passes(response)` says which answers mean "go on to the files".
 * `next` is what `context.next()` gives the function, as Netlify documents it: the Response the
 * rest of the host (its files and _redirects) makes of the same request, which the function may
 * return changed; without `next` the context has none.
 */
export async function loadEdgeFunction(bundle: Uint8Array, passes: (status: number, headers: Headers) => boolean, next?: NextAnswer): Promise<EdgeFunction> {
  const script = await esbuild.transform(new TextDecoder().decode(bundle), { format: 'iife', globalName: 'sitegenEdge', loader: 'js' });
  const runtime = new EdgeRuntime({
    // The host's answer crosses into the sandbox as plain data and becomes the sandbox's own Response.
    extend: (context) => Object.assign(context, { sitegenNext: next }),
    initialCode: `${script.code}
addEventListener('fetch', (event) => {
  const context = typeof sitegenNext === 'function' ? {
    next: async () => {
      const answer = await sitegenNext(event.request.url, event.request.method);
      const body = answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body);
      return new Response(body, { status: answer.status, headers: answer.headers.map(([name, value]) => [name, value]) });
    },
  } : {};
  event.respondWith(Promise.resolve(sitegenEdge.default(event.request, context)).then((response) => response ?? new Response(null, { status: 599 })));
});`,
  });
  return async (url, init) => {
    const response = await runtime.dispatchFetch(url, init);
    await response.waitUntil();
    return response.status === 599 || passes(response.status, response.headers) ? undefined : response;
  };
}
