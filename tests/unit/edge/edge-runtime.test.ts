import { describe, expect, it } from 'vitest';
import { loadEdgeFunction } from '../../helpers/edge-function.js';
import { buildEdgeFixture, CASES, expectsMiddlewareResponse, HOSTNAMES } from '../../fixtures/edge-fixture.js';

/**
 * The bundled dist/edge/middleware.js inside edge-runtime, the sandbox Vercel runs edge code in
 * (Web APIs only: no Node built-ins, no process unless given). A pass-through shows as status 599.
 */
const middleware = buildEdgeFixture().then((result) => loadEdgeFunction(result.output.get('edge/middleware.js')!, () => false));

describe('the bundled middleware inside edge-runtime', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const headers: Record<string, string> = {};
    if (c.cookie !== undefined) headers.cookie = c.cookie;
    if (c.acceptLanguage !== undefined) headers['accept-language'] = c.acceptLanguage;
    const response = await (await middleware)(`https://${HOSTNAMES[c.host]}${c.path}`, { method: 'GET', headers });
    expect(response?.status ?? 599).toBe(expectsMiddlewareResponse(c) ? c.status : 599);
    if (c.location !== undefined) expect(response?.headers.get('location')).toBe(c.location);
    if (c.vary !== undefined) expect(response?.headers.get('vary')).toBe(c.vary);
    expect(response?.headers.get('set-cookie')?.match(/^myLocale=([a-z]+);/)?.[1]).toBe(c.setCookie);
  });
});
