import { useEffect, useState } from 'react';
import { TIMING } from '../constants.js';

export interface ErrorScreenProps {
  title: string;
  detail: string;
  /** Contains "{seconds}". */
  autoRefresh: string;
  back: string;
  /** Spec §2: the site root for ru, the localised blog otherwise. */
  backUrl: string;
  /** 'h1' on the 502 page; 'h2' when shown over another page. */
  heading?: 'h1' | 'h2';
}

const SECONDS = TIMING.errorCountdownMs / 1000;

/**
 * Spec §2/§8: the fatal error screen. A 502 picture, two messages, a countdown from 5 s that then
 * goes to the back target, and a back button that goes there at once.
 */
export default function ErrorScreen({ title, detail, autoRefresh, back, backUrl, heading = 'h1' }: ErrorScreenProps) {
  const [seconds, setSeconds] = useState(SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(backUrl);
      return;
    }
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, backUrl]);
  const [before = '', after = ''] = autoRefresh.split('{seconds}');
  const Heading = heading;
  return (
    <section className="error-box" aria-labelledby="error-title" data-error-screen="">
      <svg className="error-art" width="240" height="160" viewBox="0 0 240 160" aria-hidden="true">
        <rect x="20" y="30" width="200" height="110" rx="12" fill="#eef2ff" stroke="#6366f1" strokeWidth="3" />
        <text x="120" y="105" textAnchor="middle" fontSize="48" fontWeight="700" fill="#4338ca" fontFamily="system-ui, sans-serif">502</text>
      </svg>
      <Heading id="error-title">{title}</Heading>
      <p>{detail}</p>
      <p className="muted" aria-live="polite">{before}<span data-countdown="">{seconds}</span>{after}</p>
      <p><a className="btn btn-primary" href={backUrl}>{back}</a></p>
    </section>
  );
}
