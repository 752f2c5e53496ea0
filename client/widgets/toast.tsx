import { useEffect, useState } from 'react';
import { TIMING } from '../constants.js';

export type ToastKind = 'error' | 'success';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** How long it stays before leaving (default 1000 ms; 3.6 s where the spec uses it). */
  durationMs: number;
}

export interface ToastStackProps {
  toasts: ToastItem[];
  closeLabel: string;
  onClosed(id: number): void;
}

/** Spec §2: toasts at top centre with an error or success icon and a close button. */
export function ToastStack({ toasts, closeLabel, onClosed }: ToastStackProps) {
  return (
    <div className="toast-stack" role="status" aria-live="polite">
      {toasts.map((toast) => <Toast key={toast.id} toast={toast} closeLabel={closeLabel} onClosed={onClosed} />)}
    </div>
  );
}

function Toast({ toast, closeLabel, onClosed }: { toast: ToastItem; closeLabel: string; onClosed(id: number): void }) {
  const [phase, setPhase] = useState<'enter' | 'shown' | 'leave'>('enter');
  useEffect(() => {
    const enter = requestAnimationFrame(() => setPhase('shown'));
    const leave = setTimeout(() => setPhase('leave'), toast.durationMs);
    return () => {
      cancelAnimationFrame(enter);
      clearTimeout(leave);
    };
  }, [toast.durationMs]);
  useEffect(() => {
    if (phase !== 'leave') return;
    // The leave animation takes 300 ms; the toast is removed when it has played.
    const timer = setTimeout(() => onClosed(toast.id), TIMING.toastAnimationMs);
    return () => clearTimeout(timer);
  }, [phase, onClosed, toast.id]);
  return (
    <div className={`toast toast-${toast.kind} is-${phase}`} role={toast.kind === 'error' ? 'alert' : undefined}>
      <span className="toast-icon" aria-hidden="true">{toast.kind === 'error' ? '!' : '✓'}</span>
      <span className="toast-message">{toast.message}</span>
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => setPhase('leave')}>×</button>
    </div>
  );
}
