import { TIMING } from '../constants.js';
import type { ToastItem, ToastKind } from './toast.js';

/**
 * showToast(message, kind): queues a toast and renders the stack. React and the toast component are
 * imported on first use only.
 */
let toasts: ToastItem[] = [];
let nextId = 1;
let closeLabel = 'Close';

export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}

export async function showToast(message: string, kind: ToastKind = 'error', durationMs: number = TIMING.toastDefaultMs): Promise<void> {
  toasts = [...toasts, { id: nextId++, kind, message, durationMs }];
  await render();
}

async function render(): Promise<void> {
  const { renderWidget, ToastStack } = await import('../ui.js');
  renderWidget('sitegen-toasts', ToastStack, { toasts, closeLabel, onClosed });
}

// One function for the life of the page: a toast's leave timer depends on it, so a new function per
// render would restart the leave animation of a toast whenever another one appears.
function onClosed(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  void render();
}
