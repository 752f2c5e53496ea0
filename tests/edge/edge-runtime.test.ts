import * as esbuild from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';
import { describe, expect, it } from 'vitest';
import { buildEdgeFixture, CASES, expectsMiddlewareResponse, HOSTNAMES } from './edge-fixture.js';

/**
 * The bundled dist/edge/middleware.js inside edge-runtime, the sandbox Vercel runs edge code in
 * (Web APIs only: no Node built-ins, no process unless given). A pass-through shows as status 599.
 */
const runtime = buildEdgeFixture().then(async (result) => {
  const bundle = new TextDecoder().decode(result.output.get('edge/middleware.js'));
  const script = await esbuild.transform(bundle, { format: 'iife', globalName: 'sitegenEdge', loader: 'js' });
  return new EdgeRuntime({
    initialCode: `${script.code}
addEventListener('fetch', (event) => {
  event.respondWith(sitegenEdge.default(event.request).then((response) => response ?? new Response(null, { status: 599 })));
});`,
  });
});

describe('the bundled middleware inside edge-runtime', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const headers: Record<string, string> = {};
    if (c.cookie !== undefined) headers.cookie = c.cookie;
    if (c.acceptLanguage !== undefined) headers['accept-language'] = c.acceptLanguage;
    const response = await (await runtime).dispatchFetch(`https://${HOSTNAMES[c.host]}${c.path}`, { headers });
    await response.waitUntil();
    expect(response.status).toBe(expectsMiddlewareResponse(c) ? c.status : 599);
    if (c.location !== undefined) expect(response.headers.get('location')).toBe(c.location);
    if (c.vary !== undefined) expect(response.headers.get('vary')).toBe(c.vary);
    expect(response.headers.get('set-cookie')?.match(/^myLocale=([a-z]+);/)?.[1]).toBe(c.setCookie);
  });
});
