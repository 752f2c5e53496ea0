// @vitest-environment happy-dom
import { act, createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BackToTop from '../../../../client/islands/back-to-top.js';
import ErrorScreen from '../../../../client/islands/error-screen.js';
import { hydrateIsland } from '../../../../client/islands/hydrate.js';
import { ISLAND_NAMES, type IslandName } from '../../../../client/islands/island-names.js';
import MobileBanner from '../../../../client/islands/mobile-banner.js';
import QrConsult from '../../../../client/islands/qr-consult.js';
import { ISLAND_LOADERS } from '../../../../client/islands/registry.js';
import Tooltip, { type TooltipProps } from '../../../../client/islands/tooltip.js';
import SiteSearch from '../../../../client/islands/search.js';
import { Island } from '../../../../templates/parts/island.js';
import { enableAct } from './dom-helpers.js';

enableAct();

/** Props as the templates pass them (templates/layouts/default-layout.tsx, pages/error.tsx, pages/pricing.tsx). */
const PROPS: Record<IslandName, object> = {
  'back-to-top': { label: 'Back to top', sprite: '/assets/icons-0123456789.svg' },
  'qr-consult': { label: '咨询客服', alt: '微信二维码', image: '/images/qr-consult.svg' },
  'mobile-banner': {
    image: '/images/banner/register-vn.svg',
    alt: 'Đăng ký',
    registerUrl: 'https://app.polybrowser.example/register?rel=site&lang=vi',
    registerLabel: 'Đăng ký ngay',
    closeLabel: 'Đóng',
  },
  tooltip: { id: 'hint-profiles-pro', label: 'Profiles "per plan" <b> & more', text: 'Each profile is a separate browser & fingerprint.' },
  'error-screen': { title: 'Oops', detail: 'The server did not answer.', autoRefresh: 'Back in {seconds} s', back: 'Back', backUrl: '/blog/' },
  search: {
    mode: 'header', action: '/vn/search', lang: 'vi', sprite: '/assets/icons-0123456789.svg',
    text: { label: 'Tìm kiếm trên trang', placeholder: 'Tìm kiếm', submit: 'Tìm kiếm', loading: 'Đang tìm…', results: { other: '{n} kết quả cho “{query}”' }, none: 'Không có “{query}”', failed: 'Lỗi', empty: 'Nhập', all: 'Tất cả', more: 'Thêm' },
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const COMPONENTS: Record<IslandName, ComponentType<any>> = {
  'back-to-top': BackToTop,
  'qr-consult': QrConsult,
  'mobile-banner': MobileBanner,
  tooltip: Tooltip,
  'error-screen': ErrorScreen,
  search: SiteSearch,
};

function serverMarkup(name: IslandName, props: object, load?: 'idle' | 'visible'): string {
  return renderToStaticMarkup(<Island name={name} component={COMPONENTS[name]} props={props} load={load} />);
}

function parse(markup: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  return container.querySelector<HTMLElement>('[data-island]')!;
}

describe('island registry', () => {
  it('has the six islands of the templates', () => {
    expect([...ISLAND_NAMES].sort()).toEqual(['back-to-top', 'error-screen', 'mobile-banner', 'qr-consult', 'search', 'tooltip']);
    expect(Object.keys(ISLAND_LOADERS).sort()).toEqual([...ISLAND_NAMES].sort());
  });

  it.each(ISLAND_NAMES)('loads %s as a module whose default export is the function component that renders it', async (name) => {
    const loader = ISLAND_LOADERS[name];
    expect(typeof loader).toBe('function');
    const module = await loader();
    expect(typeof module.default).toBe('function');
    expect(module.default).toBe(COMPONENTS[name]);
    const markup = renderToStaticMarkup(createElement(module.default, PROPS[name]));
    expect(markup).toMatch(/^<[a-z]+[\s>]/);
  });
});

describe('Island (server side)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('marks the wrapper with the island name and loads it when idle by default', () => {
    const el = parse(serverMarkup('back-to-top', PROPS['back-to-top']));
    expect(el.getAttribute('data-island')).toBe('back-to-top');
    expect(el.getAttribute('data-load')).toBe('idle');
    expect(el.classList.contains('island')).toBe(true);
  });

  it('writes data-load="visible" when asked', () => {
    const el = parse(serverMarkup('tooltip', PROPS.tooltip, 'visible'));
    expect(el.getAttribute('data-load')).toBe('visible');
  });

  it('writes the props as JSON that round-trips, whatever characters they contain', () => {
    const props = { id: 'hint-x', label: 'Say "hi" & <wave>', text: '</script><script>alert(1)</script> & "quotes" \u2028 ünïcode' };
    const markup = serverMarkup('tooltip', props);
    expect(markup).not.toContain('</script>');
    expect(markup).not.toContain('<script>');
    const el = parse(markup);
    expect(JSON.parse(el.dataset.props!)).toEqual(props);
    expect(el.querySelectorAll('script')).toHaveLength(0);
  });

  it('renders the component markup inside the wrapper', () => {
    const el = parse(serverMarkup('tooltip', PROPS.tooltip));
    const trigger = el.querySelector('button.tooltip-trigger')!;
    expect(trigger.getAttribute('aria-label')).toBe('Profiles "per plan" <b> & more');
    expect(el.querySelector('[role="tooltip"]')!.textContent).toBe('Each profile is a separate browser & fingerprint.');
    expect(el.firstElementChild!.classList.contains('tooltip-anchor')).toBe(true);
  });

  it.each(ISLAND_NAMES)('renders %s with its props in the server markup', (name) => {
    const el = parse(serverMarkup(name, PROPS[name]));
    expect(JSON.parse(el.dataset.props!)).toEqual(PROPS[name]);
    const alone = document.createElement('div');
    alone.innerHTML = renderToStaticMarkup(createElement(COMPONENTS[name], PROPS[name]));
    // React may put an image preload <link> before a component rendered on its own; the page hoists it to <head>.
    expect(el.firstElementChild!.isEqualNode(alone.lastElementChild)).toBe(true);
    expect(el.children.length).toBe(1);
  });
});

describe('hydrating the server markup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it.each(ISLAND_NAMES)('hydrates %s without a recoverable error', async (name) => {
    const el = parse(serverMarkup(name, PROPS[name]));
    const serverNode = el.firstElementChild;
    const consoleError = vi.spyOn(console, 'error');
    const onRecoverableError = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(el, createElement(COMPONENTS[name], JSON.parse(el.dataset.props!) as object), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // The server's nodes were adopted, not replaced by a client render.
    expect(serverNode).not.toBeNull();
    expect(el.firstElementChild).toBe(serverNode);
    expect(el.children).toHaveLength(1);
    act(() => root!.unmount());
  });

  it('reports a mismatch through onRecoverableError (the check above can fail)', async () => {
    const el = parse(serverMarkup('tooltip', PROPS.tooltip));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRecoverableError = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(el, createElement(Tooltip, { ...(PROPS.tooltip as TooltipProps), text: 'Different text' }), { onRecoverableError });
    });
    expect(onRecoverableError).toHaveBeenCalled();
    act(() => root!.unmount());
  });

  it('keeps the server element and makes it interactive (hydrateIsland)', async () => {
    const el = parse(serverMarkup('back-to-top', PROPS['back-to-top']));
    const serverLink = el.querySelector('a.to-top')!;
    const warn = vi.spyOn(console, 'warn');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await act(async () => {
      hydrateIsland(el, COMPONENTS['back-to-top'], JSON.parse(el.dataset.props!) as object);
    });
    expect(el.querySelector('a.to-top')).toBe(serverLink);
    act(() => (serverLink as HTMLElement).click());
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(warn).not.toHaveBeenCalled();
  });
});
