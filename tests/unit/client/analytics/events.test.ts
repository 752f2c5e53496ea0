// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventFactory, getDeviceId, screenSize } from '../../../../client/analytics/events.js';
import { randomId } from '../../../../client/analytics/ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A document whose cookie jar records the strings written to it. */
function cookieDoc(initial = '') {
  let jar = initial;
  const written: string[] = [];
  const doc = {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
      const pair = value.split(';')[0]!;
      jar = jar ? `${jar}; ${pair}` : pair;
    },
  };
  return { doc: doc as unknown as Document, written };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-02T03:04:05Z'));
});
afterEach(() => vi.useRealTimers());

describe('device id', () => {
  it('creates a random id, keeps it 360 days in _DEVICE_ID, and reuses it', () => {
    const { doc, written } = cookieDoc();
    const id = getDeviceId(doc);
    expect(id).toMatch(UUID);
    expect(written).toEqual([`_DEVICE_ID=${id}; Max-Age=${360 * 86400}; Path=/; SameSite=Lax`]);
    expect(getDeviceId(doc)).toBe(id);
    expect(written).toHaveLength(1);
  });

  it('reads an existing cookie', () => {
    const { doc, written } = cookieDoc('a=1; _DEVICE_ID=abc-123');
    expect(getDeviceId(doc)).toBe('abc-123');
    expect(written).toEqual([]);
  });

  it('falls back to Math.random without crypto.randomUUID, and survives a throwing one', () => {
    expect(randomId({})).toMatch(UUID);
    expect(randomId(undefined)).toMatch(UUID);
    expect(randomId({ randomUUID: () => { throw new Error('insecure'); } })).toMatch(UUID);
    expect(randomId({ randomUUID: () => 'fixed' })).toBe('fixed');
  });

  it('survives a document whose cookie throws', () => {
    const doc = {
      get cookie(): string {
        throw new Error('SecurityError');
      },
      set cookie(_v: string) {
        throw new Error('SecurityError');
      },
    } as unknown as Document;
    expect(getDeviceId(doc)).toMatch(UUID);
  });
});

describe('events', () => {
  it('carry name, time, page, locale and the context fields of spec §3', () => {
    const { doc } = cookieDoc('_DEVICE_ID=dev-1');
    const factory = createEventFactory({
      config: { locale: 'vn', buildId: 'build-42' },
      doc,
      win: { location: { href: 'https://example.com/vn/pricing' }, screen: { width: 1920, height: 1080 } },
    });
    const e = factory.create('click', 'cta-register');
    expect(e).toMatchObject({
      type: 'click',
      name: 'cta-register',
      time: Date.parse('2025-01-02T03:04:05Z'),
      url: 'https://example.com/vn/pricing',
      locale: 'vn',
      user_id: '',
      user_info: '',
      device_id: 'dev-1',
      screen_size: '1920x1080',
      app_version: 'build-42',
      login_ip: '',
    });
    expect(e.id).toBeTruthy();
    expect(factory.create('view', 'x').id).not.toBe(e.id);
    expect('code' in e).toBe(false);

    factory.setContext({ login_ip: '203.0.113.9' });
    const err = factory.create('error', 'script_error', { code: 100102, message: 'boom', data: { lineno: 3 } });
    expect(err).toMatchObject({ login_ip: '203.0.113.9', code: 100102, message: 'boom', data: { lineno: 3 } });
    expect(factory.context().login_ip).toBe('203.0.113.9');
  });

  it('screen size falls back to the viewport, then 0x0', () => {
    expect(screenSize({ innerWidth: 390, innerHeight: 844 })).toBe('390x844');
    expect(screenSize(undefined)).toBe('0x0');
    expect(screenSize(window)).toBe(`${window.screen.width}x${window.screen.height}`);
  });
});
