// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Tooltip from '../../../../client/islands/tooltip.js';
import { click, enableAct, hover, mount, stubViewport, unhover, type Mounted } from './dom-helpers.js';

enableAct();

describe('tooltip island', () => {
  let mounted: Mounted | undefined;
  const anchor = () => mounted!.container.querySelector<HTMLElement>('.tooltip-anchor')!;
  const trigger = () => anchor().querySelector<HTMLButtonElement>('button.tooltip-trigger')!;
  const isOpen = () => anchor().classList.contains('is-open');
  const render = () => {
    mounted = mount(<Tooltip id="hint-profiles-pro" label="About profiles" text="Each profile is a separate browser." />);
  };
  const key = (name: string) => act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  });

  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('ties the trigger to the tooltip with aria-describedby', () => {
    stubViewport(false);
    render();
    expect(trigger().getAttribute('aria-describedby')).toBe('hint-profiles-pro');
    const tip = document.getElementById(trigger().getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toBe('Each profile is a separate browser.');
    expect(trigger().getAttribute('aria-label')).toBe('About profiles');
  });

  it('opens on hover and closes when the pointer leaves, on desktop', () => {
    stubViewport(false);
    render();
    expect(isOpen()).toBe(false);
    hover(anchor());
    expect(isOpen()).toBe(true);
    unhover(anchor());
    expect(isOpen()).toBe(false);
  });

  it('toggles on tap on mobile and ignores hover', () => {
    stubViewport(true);
    render();
    hover(anchor());
    expect(isOpen()).toBe(false);
    click(trigger());
    expect(isOpen()).toBe(true);
    click(trigger());
    expect(isOpen()).toBe(false);
  });

  it('closes on Escape, and not on other keys', () => {
    stubViewport(true);
    render();
    click(trigger());
    key('Enter');
    expect(isOpen()).toBe(true);
    key('Escape');
    expect(isOpen()).toBe(false);
  });

  it('closes on a click outside it, and not on a click inside it', () => {
    stubViewport(true);
    render();
    const outside = document.createElement('p');
    document.body.append(outside);
    click(trigger());
    click(anchor().querySelector('[role="tooltip"]')!);
    expect(isOpen()).toBe(true);
    click(outside);
    expect(isOpen()).toBe(false);
  });

  it('closes on Escape after opening by hover on desktop', () => {
    stubViewport(false);
    render();
    hover(anchor());
    key('Escape');
    expect(isOpen()).toBe(false);
  });
});
