// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { resolveCallback } from '../../../../client/visitor/callback.js';
import { config } from './fakes.js';

const cb = (value: string): string => `?cb=${encodeURIComponent(value)}`;

describe('callback from cb', () => {
  it('accepts http(s) URLs on own and partner domains', () => {
    expect(resolveCallback(cb('https://app.polybrowser.example/pay?plan=1'), config)).toBe('https://app.polybrowser.example/pay?plan=1');
    expect(resolveCallback(cb('http://polybrowser-cn.example/'), config)).toBe('http://polybrowser-cn.example/');
    expect(resolveCallback(cb('https://www.skyproxy.example/x'), config)).toBe('https://www.skyproxy.example/x');
  });

  it('is undefined without cb', () => {
    expect(resolveCallback('', config)).toBeUndefined();
    expect(resolveCallback('?cb=', config)).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '//polybrowser.example',
    'https://evil.example',
    'https://polybrowser.example.evil.com',
    'https://evilpolybrowser.example/',
    'https://polybrowser.example@evil.example/',
    'ftp://polybrowser.example/',
    '/relative/path',
    'not a url',
  ])('rejects %s', (value) => {
    expect(resolveCallback(cb(value), config)).toBeUndefined();
  });

  it('never throws on a malformed config', () => {
    expect(resolveCallback(cb('https://polybrowser.example/'), {} as never)).toBeUndefined();
  });
});
