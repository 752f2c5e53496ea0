// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../../../client/runtime-config.js';
import { RUNTIME_CONFIG_ID, type RuntimeConfig } from '../../../src/model/browser-contract.js';
import { parseSiteConfig } from '../../../src/load/load-config.js';
import type { SiteConfig } from '../../../src/model/site-config.js';
import { getLocale, type LocaleCode } from '../../../src/model/locale-table.js';
import { serializeScriptJson } from '../../../src/render/json-ld.js';
import { runtimeConfigOf } from '../../../src/render/runtime-config.js';
import type { Translate } from '../../../src/model/page-props.js';
import { ROOT } from '../../helpers/fixture.js';

const loaded = parseSiteConfig(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8'), 'content/site.yaml');
const site: SiteConfig = loaded.config!;
const t: Translate = (key) => key;
const options = { buildId: 'build-2026-01-01', errorBackUrl: '/blog/', cookiePolicyUrl: 'https://www.polybrowser.example/vn/cookie-policy' };

const runtimeOf = (code: LocaleCode, translate: Translate = t) => runtimeConfigOf(site, getLocale(code), translate, options);

describe('runtimeConfigOf', () => {
  it('loads the project configuration without diagnostics', () => {
    expect(loaded.diagnostics).toEqual([]);
    expect(site).toBeDefined();
  });

  it.each([
    ['vn', 'main', 'https://api.polybrowser.example'],
    ['en', 'main', 'https://api.polybrowser.example'],
    ['zh', 'zh', 'https://api.polybrowser-cn.example'],
    ['ru', 'ru', 'https://api.polybrowser-ru.example'],
  ] as const)('gives %s the API of its host (%s)', (code, host, api) => {
    const runtime = runtimeOf(code);
    expect(runtime.hostKey).toBe(host);
    expect(runtime.api).toBe(api);
    expect(runtime.api).toBe(site.api[host]);
    expect(runtime.api.endsWith('/')).toBe(false);
  });

  it('carries the locale, build and back target of the page', () => {
    const runtime = runtimeOf('vn');
    expect(runtime.locale).toBe('vn');
    expect(runtime.hreflang).toBe('vi');
    expect(runtime.buildId).toBe('build-2026-01-01');
    expect(runtime.errorBackUrl).toBe('/blog/');
    expect(runtime.cookiePolicyUrl).toBe('https://www.polybrowser.example/vn/cookie-policy');
    expect(runtimeConfigOf(site, getLocale('vn'), t, { ...options, cookiePolicyUrl: undefined }).cookiePolicyUrl).toBeNull();
    expect(runtime.clientApi).toBe('https://client-api.polybrowser.example/');
    expect(runtime.app.registerUrl).toBe('https://app.polybrowser.example/register');
    expect(runtime.ownDomains).toContain('polybrowser-cn.example');
  });

  it('passes only the public analytics, one-tap and chat settings', () => {
    const runtime = runtimeOf('en');
    expect(Object.keys(runtime.analytics).sort()).toEqual(['beaconKey', 'beaconUrl', 'consentCountries']);
    expect(runtime.analytics.consentCountries).toContain('DE');
    expect(runtime.oneTap).toEqual({ clientId: '000000000000-polybrowser.apps.googleusercontent.com', scriptUrl: 'https://accounts.google.com/gsi/client' });
    expect(runtime.chat).toEqual({ defaultScript: 'https://chat.polybrowser.example/widget.js', easemobScript: 'https://chat.polybrowser.example/easemob.js' });
    expect(runtimeConfigOf({ ...site, oneTap: undefined, chat: undefined }, getLocale('en'), t, options)).toMatchObject({ oneTap: null, chat: null });
  });

  it('takes its messages from the translator', () => {
    const runtime = runtimeOf('en');
    expect(runtime.messages).toEqual({
      oneTapFailed: 'oneTap.failed',
      toastClose: 'widgets.toastClose',
      errorTitle: 'error.502msg1',
      errorDetail: 'error.502msg2',
      autoRefresh: 'error.autoRefresh',
      back: 'error.back',
      consentText: 'consent.text',
      consentAccept: 'consent.accept',
      consentDecline: 'consent.decline',
      consentPolicy: 'pageParts.consentPolicy',
    });
  });
});

describe('the embedded runtime configuration', () => {
  const hostile = '</script><script>alert(1)</script>';
  const translate: Translate = (key) => (key === 'error.502msg1' ? hostile : key === 'error.autoRefresh' ? 'Back in {seconds} s & <b>\u2028\u2029</b>' : key);
  const runtime: RuntimeConfig = runtimeOf('zh', translate);

  it('cannot close the script element it is embedded in', () => {
    expect(runtime.messages.errorTitle).toBe(hostile);
    const json = serializeScriptJson(runtime);
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('&');
    expect(json).not.toMatch(/[\u2028\u2029]/);
  });

  it('parses back to the same object', () => {
    expect(JSON.parse(serializeScriptJson(runtime))).toEqual(runtime);
  });

  it('reads back in the browser from a single script element, with no script injected', () => {
    document.head.innerHTML = `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${serializeScriptJson(runtime)}</script>`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readRuntimeConfig(document)).toEqual(runtime);
    expect(readRuntimeConfig(document)!.api).toBe('https://api.polybrowser-cn.example');
    document.head.innerHTML = '';
  });

  it('would break the page without the escaping (the check above can fail)', () => {
    document.head.innerHTML = `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${JSON.stringify(runtime)}</script>`;
    expect(document.querySelectorAll('script').length).toBeGreaterThan(1);
    expect(readRuntimeConfig(document)).toBeNull();
    document.head.innerHTML = '';
  });
});
