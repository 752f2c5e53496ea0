import { useEffect, useState } from 'react';
import { QR_IMAGE } from '../constants.js';
import { useIsMobile, useThrottledScroll } from './hooks.js';

export interface QrConsultProps {
  label: string;
  alt: string;
  image: string;
}

/**
 * Spec §2, zh only: a floating consultation button showing a 234x282 QR code. On desktop it opens
 * on hover (and keyboard focus); on mobile a tap toggles it and scrolling hides it again. Without
 * JavaScript, CSS opens it on hover and focus (components.css). Where the layout leaves no gutter
 * beside the content, CSS hides it on the first screen (class at-top), as the back-to-top button is.
 */
export default function QrConsult({ label, alt, image }: QrConsultProps) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  // False on the server: the page opens at its top.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => setScrolled(window.scrollY > window.innerHeight), []);
  useThrottledScroll((y) => {
    if (mobile) setOpen(false);
    setScrolled(y > window.innerHeight);
  });
  return (
    <div
      className={`qr-consult floating${scrolled ? '' : ' at-top'}${open ? ' is-open' : ''}`}
      onMouseEnter={mobile ? undefined : () => setOpen(true)}
      onMouseLeave={mobile ? undefined : () => setOpen(false)}
    >
      <button
        type="button"
        className="qr-button"
        aria-expanded={open}
        aria-controls="qr-popup"
        data-track="qr-consult"
        onClick={() => setOpen(mobile ? !open : true)}
        onFocus={mobile ? undefined : () => setOpen(true)}
        onBlur={mobile ? undefined : () => setOpen(false)}
      >
        {label}
      </button>
      <div className="qr-popup" id="qr-popup" role="dialog" aria-label={label}>
        <img src={image} alt={alt} width={QR_IMAGE.width} height={QR_IMAGE.height} loading="lazy" decoding="async" />
      </div>
    </div>
  );
}
