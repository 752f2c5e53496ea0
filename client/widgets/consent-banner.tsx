export interface ConsentBannerProps {
  text: string;
  accept: string;
  decline: string;
  /** The cookie policy, so the visitor can read what they are asked to accept. */
  policy?: { url: string; label: string };
  onAnswer(granted: boolean): void;
}

/** Asks EU visitors before any tracking or fingerprinting starts (README "Client runtime"). */
export function ConsentBanner({ text, accept, decline, policy, onAnswer }: ConsentBannerProps) {
  return (
    <div className="consent-banner" role="dialog" aria-live="polite" aria-label={text}>
      <p>{text}{policy ? <> <a href={policy.url}>{policy.label}</a></> : null}</p>
      <div className="consent-actions">
        <button type="button" className="btn btn-ghost" onClick={() => onAnswer(false)}>{decline}</button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>{accept}</button>
      </div>
    </div>
  );
}
