import { describe, expect, it } from 'vitest';
import { createMiddleware } from '../../../src/edge/middleware.js';
import { buildEdgeFixture, CASES, documentOf, expectsMiddlewareResponse, requestFor } from '../../fixtures/edge-fixture.js';

const middleware = buildEdgeFixture().then((result) => {
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return createMiddleware(documentOf(result));
});

describe('the edge middleware, called directly', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const response = await (await middleware)(requestFor(c));
    if (!expectsMiddlewareResponse(c)) {
      expect(response?.status, response?.headers.get('location') ?? '').toBeUndefined();
      return;
    }
    expect(response?.status).toBe(c.status);
    if (c.location !== undefined) expect(response!.headers.get('location')).toBe(c.location);
    if (c.vary !== undefined) expect(response!.headers.get('vary')).toBe(c.vary);
    expect(response!.headers.get('set-cookie')?.match(/^myLocale=([a-z]+);/)?.[1]).toBe(c.setCookie);
  });
});
