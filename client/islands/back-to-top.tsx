import { useEffect, useState } from 'react';
import { useThrottledScroll } from './hooks.js';
import { SpriteIcon } from './sprite-icon.js';

export interface BackToTopProps {
  label: string;
  sprite: string;
}

/**
 * Spec §2: hidden until the page has scrolled more than one viewport height, then shown at reduced
 * opacity (CSS .to-top.is-visible). Without JavaScript it is a plain link to #main.
 */
export default function BackToTop({ label, sprite }: BackToTopProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(window.scrollY > window.innerHeight), []);
  useThrottledScroll((y) => setVisible(y > window.innerHeight));
  return (
    <a
      className={`to-top floating${visible ? ' is-visible' : ''}`}
      href="#main"
      aria-label={label}
      title={label}
      data-track="back-to-top"
      onClick={(event) => {
        event.preventDefault();
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <SpriteIcon sprite={sprite} name="arrowUp" />
    </a>
  );
}
