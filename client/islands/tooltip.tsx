import { useEffect, useRef, useState } from 'react';
import { useIsMobile } from './hooks.js';

export interface TooltipProps {
  /** Unique on the page: ties the trigger to its tooltip (aria-describedby). */
  id: string;
  /** Accessible name of the trigger. */
  label: string;
  text: string;
}

/**
 * Spec §2: a dark tooltip shown on hover (and focus) on desktop, toggled by a tap on mobile; a tap
 * elsewhere or Escape closes it. Without JavaScript, CSS shows it on hover and focus.
 */
export default function Tooltip({ id, label, text }: TooltipProps) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <span
      ref={root}
      className={`tooltip-anchor${open ? ' is-open' : ''}`}
      onMouseEnter={mobile ? undefined : () => setOpen(true)}
      onMouseLeave={mobile ? undefined : () => setOpen(false)}
    >
      <button type="button" className="tooltip-trigger" aria-label={label} aria-describedby={id} onClick={mobile ? () => setOpen(!open) : undefined}>
        <span aria-hidden="true">i</span>
      </button>
      <span role="tooltip" id={id} className="tooltip">{text}</span>
    </span>
  );
}
