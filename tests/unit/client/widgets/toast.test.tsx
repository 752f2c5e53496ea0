// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToastCloseLabel, showToast } from '../../../../client/widgets/show-toast.js';
import { ToastStack, type ToastItem } from '../../../../client/widgets/toast.js';
import { enableAct, mount } from '../islands/dom-helpers.js';

enableAct();

/** Advances fake time in act, letting the dynamic imports of a re-render settle. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function show(...args: Parameters<typeof showToast>): Promise<void> {
  await act(async () => {
    await showToast(...args);
  });
}

const stack = () => document.querySelector<HTMLElement>('#sitegen-toasts .toast-stack');
const toasts = () => [...document.querySelectorAll<HTMLElement>('#sitegen-toasts .toast')];
const only = () => {
  const list = toasts();
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setToastCloseLabel('Close');
  });

  afterEach(async () => {
    // Let every toast of the test play out, so the module's queue is empty for the next one.
    for (let i = 0; i < 6 && toasts().length; i++) await advance(4000);
    expect(toasts()).toHaveLength(0);
    vi.useRealTimers();
  });

  it('renders an error toast with the message, an error icon and a close button in the top stack', async () => {
    setToastCloseLabel('Đóng');
    await show('Network error, try again');
    expect(stack()).not.toBeNull();
    expect(stack()!.parentElement!.parentElement).toBe(document.body);
    const toast = only();
    expect(toast.classList.contains('toast-error')).toBe(true);
    expect(toast.getAttribute('role')).toBe('alert');
    expect(toast.querySelector('.toast-message')!.textContent).toBe('Network error, try again');
    expect(toast.querySelector('.toast-icon')!.textContent).toBe('!');
    const close = toast.querySelector<HTMLButtonElement>('button.toast-close')!;
    expect(close.getAttribute('aria-label')).toBe('Đóng');
  });

  it('renders a success toast with a check icon', async () => {
    await show('Copied', 'success');
    const toast = only();
    expect(toast.classList.contains('toast-success')).toBe(true);
    expect(toast.classList.contains('toast-error')).toBe(false);
    expect(toast.querySelector('.toast-icon')!.textContent).toBe('✓');
    expect(toast.hasAttribute('role')).toBe(false);
  });

  it('enters, then leaves after 1000 ms by default and is removed 300 ms later', async () => {
    await show('Saved', 'success');
    expect(only().classList.contains('is-enter')).toBe(true);
    await advance(20);
    expect(only().classList.contains('is-shown')).toBe(true);
    await advance(979);
    expect(only().classList.contains('is-leave')).toBe(false);
    await advance(1);
    expect(only().classList.contains('is-leave')).toBe(true);
    await advance(299);
    expect(only().classList.contains('is-leave')).toBe(true);
    await advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps a 3600 ms toast until 3600 ms', async () => {
    await show('Invite link copied', 'success', 3600);
    await advance(3599);
    expect(only().classList.contains('is-leave')).toBe(false);
    await advance(1);
    expect(only().classList.contains('is-leave')).toBe(true);
    await advance(300);
    expect(toasts()).toHaveLength(0);
  });

  it('starts leaving when the close button is pressed', async () => {
    await show('Failed', 'error', 3600);
    await advance(100);
    await act(async () => {
      only().querySelector<HTMLButtonElement>('button.toast-close')!.click();
    });
    expect(only().classList.contains('is-leave')).toBe(true);
    await advance(300);
    expect(toasts()).toHaveLength(0);
  });

  it('stacks toasts and removes each on its own schedule', async () => {
    await show('First', 'error');
    await advance(500);
    await show('Second', 'success', 3600);
    expect(toasts().map((t) => t.querySelector('.toast-message')!.textContent)).toEqual(['First', 'Second']);
    await advance(500);
    expect(toasts()[0]!.classList.contains('is-leave')).toBe(true);
    expect(toasts()[1]!.classList.contains('is-leave')).toBe(false);
    await advance(300);
    expect(toasts().map((t) => t.querySelector('.toast-message')!.textContent)).toEqual(['Second']);
  });

  it('removes a leaving toast on time when another toast appears during its leave animation', async () => {
    await show('First', 'error');
    await advance(1000); // First starts leaving (React renders when each act ends, as a browser renders promptly)
    await advance(100);
    await show('Second', 'success', 3600);
    await advance(199);
    expect(toasts().map((t) => t.querySelector('.toast-message')!.textContent)).toEqual(['First', 'Second']);
    await advance(1);
    expect(toasts().map((t) => t.querySelector('.toast-message')!.textContent)).toEqual(['Second']);
  });
});

describe('ToastStack', () => {
  it('calls onClosed with the toast id once its leave animation has played', () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    const items: ToastItem[] = [{ id: 7, kind: 'error', message: 'Oops', durationMs: 1000 }];
    const mounted = mount(<ToastStack toasts={items} closeLabel="Close" onClosed={onClosed} />);
    expect(mounted.container.querySelector('.toast-stack')!.getAttribute('aria-live')).toBe('polite');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onClosed).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClosed).toHaveBeenCalledExactlyOnceWith(7);
    mounted.unmount();
    vi.useRealTimers();
  });
});
