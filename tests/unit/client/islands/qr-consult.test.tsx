// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QrConsult from '../../../../client/islands/qr-consult.js';
import { advance, click, enableAct, hover, mount, scrollTo, stubViewport, unhover, type Mounted } from './dom-helpers.js';

enableAct();

describe('QR consultation island', () => {
  let mounted: Mounted | undefined;
  const box = () => mounted!.container.querySelector<HTMLElement>('.qr-consult')!;
  const button = () => box().querySelector<HTMLButtonElement>('button.qr-button')!;
  const isOpen = () => box().classList.contains('is-open');
  const render = () => {
    mounted = mount(<QrConsult label="Consult us" alt="WeChat QR code" image="/images/qr-consult.svg" />);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo(0, { dispatch: false });
  });

  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows the QR image at 234 x 282 in a popup the button controls', () => {
    stubViewport(false);
    render();
    const img = box().querySelector('.qr-popup img')!;
    expect(img.getAttribute('width')).toBe('234');
    expect(img.getAttribute('height')).toBe('282');
    expect(img.getAttribute('src')).toBe('/images/qr-consult.svg');
    expect(img.getAttribute('alt')).toBe('WeChat QR code');
    expect(button().getAttribute('aria-controls')).toBe(box().querySelector('.qr-popup')!.id);
    expect(button().textContent).toBe('Consult us');
  });

  it('opens on hover and closes when the pointer leaves, on desktop', () => {
    stubViewport(false);
    render();
    expect(isOpen()).toBe(false);
    hover(box());
    expect(isOpen()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    unhover(box());
    expect(isOpen()).toBe(false);
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on keyboard focus and closes on blur, on desktop', () => {
    stubViewport(false);
    render();
    act(() => button().focus());
    expect(isOpen()).toBe(true);
    act(() => button().blur());
    expect(isOpen()).toBe(false);
  });

  it('does not close on scroll on desktop', () => {
    stubViewport(false);
    render();
    hover(box());
    scrollTo(300);
    advance(200);
    expect(isOpen()).toBe(true);
  });

  it('toggles on tap on mobile and ignores hover', () => {
    stubViewport(true);
    render();
    hover(box());
    expect(isOpen()).toBe(false);
    click(button());
    expect(isOpen()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    click(button());
    expect(isOpen()).toBe(false);
  });

  it('closes on scroll on mobile, after the 200 ms throttle', () => {
    stubViewport(true);
    render();
    click(button());
    scrollTo(120);
    advance(199);
    expect(isOpen()).toBe(true);
    advance(1);
    expect(isOpen()).toBe(false);
  });

  it('is marked at-top (CSS hides it there where no gutter holds it) until more than one viewport has scrolled', () => {
    stubViewport(true);
    render();
    expect(box().classList.contains('at-top')).toBe(true);
    scrollTo(window.innerHeight);
    advance(200);
    expect(box().classList.contains('at-top')).toBe(true);
    scrollTo(window.innerHeight + 1);
    advance(200);
    expect(box().classList.contains('at-top')).toBe(false);
    scrollTo(0);
    advance(200);
    expect(box().classList.contains('at-top')).toBe(true);
  });

  it('is not at-top when the page opens scrolled down (a reload or a link to an anchor)', () => {
    stubViewport(false);
    scrollTo(window.innerHeight + 500, { dispatch: false });
    render();
    expect(box().classList.contains('at-top')).toBe(false);
  });

  it('stays open when clicked on desktop, where hover already opened it', () => {
    stubViewport(false);
    render();
    hover(box());
    click(button());
    expect(isOpen()).toBe(true);
    click(button());
    expect(isOpen()).toBe(true);
  });
});
