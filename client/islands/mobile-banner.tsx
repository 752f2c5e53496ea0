import { useEffect, useState } from 'react';
import { MOBILE_QUERY, TIMING } from '../constants.js';
import { useThrottledScroll } from './hooks.js';

export interface MobileBannerProps {
  /** The locale's artwork (spec §2: zh and tc; ru; pt; vn; otherwise English), behind the words. */
  image: string;
  /** The words, in the page's language: HTML text, never drawn in the image. */
  title: string;
  offer: string;
  /** Registration URL (rel and lang already added); `from` is set to the visitor's URL in the browser. */
  registerUrl: string;
  registerLabel: string;
  closeLabel: string;
}

/** The registration URL with `from` = the page the visitor is on (spec §2). */
export function withFrom(registerUrl: string, pageUrl: string): string {
  try {
    const url = new URL(registerUrl);
    url.searchParams.set('from', pageUrl);
    return url.toString();
  } catch {
    return registerUrl;
  }
}

/**
 * Spec §2: on mobile only, about 1 s after load, a bottom banner: the locale's registration artwork
 * with the words over it as text. Its right part links to registration, its left part closes it.
 * It slides away when the visitor scrolls down and comes back on scroll up or 5 s later. Not shown
 * without JavaScript.
 */
export default function MobileBanner({ image, title, offer, registerUrl, registerLabel, closeLabel }: MobileBannerProps) {
  const [shown, setShown] = useState(false);
  const [away, setAway] = useState(false);
  const [closed, setClosed] = useState(false);
  const [href, setHref] = useState(registerUrl);

  useEffect(() => {
    setHref(withFrom(registerUrl, window.location.href));
    const timer = setTimeout(() => {
      if (window.matchMedia?.(MOBILE_QUERY).matches) setShown(true);
    }, TIMING.bannerDelayMs);
    return () => clearTimeout(timer);
  }, [registerUrl]);

  useThrottledScroll((y, previous) => {
    if (y > previous) setAway(true);
    else if (y < previous) setAway(false);
  });

  useEffect(() => {
    if (!away) return;
    const timer = setTimeout(() => setAway(false), TIMING.bannerReturnMs);
    return () => clearTimeout(timer);
  }, [away]);

  const visible = shown && !closed;
  return (
    // Off-screen until shown: hidden from assistive technology and out of the tab order meanwhile.
    <div className={`mobile-banner${visible ? ' is-shown' : ''}${away ? ' is-away' : ''}`} aria-hidden={!visible} data-track-expose="mobile-banner">
      <img src={image} alt="" width={750} height={120} decoding="async" />
      <button type="button" className="mobile-banner-close" aria-label={closeLabel} tabIndex={visible ? 0 : -1} data-track="banner-close" onClick={() => setClosed(true)} />
      <a className="mobile-banner-link" href={href} tabIndex={visible ? 0 : -1} data-track="banner-register">
        <span className="mobile-banner-text"><strong>{title}</strong> <span>{offer}</span></span>
        <span className="mobile-banner-cta">{registerLabel}</span>
      </a>
    </div>
  );
}
