export interface ConsentBannerProps {
  text: string;
  accept: string;
  decline: string;
  /** The cookie policy of the page's locale, so the visitor can read what they are asked to accept (none: no link). */
  policyUrl: string | null;
  policyLabel: string;
  onAnswer(granted: boolean): void;
}

/** Asks EU visitors before any tracking or fingerprinting starts (README "Client runtime"). */
export function ConsentBanner({ text, accept, decline, policyUrl, policyLabel, onAnswer }: ConsentBannerProps) {
  return (
    <div className="consent-banner" role="dialog" aria-live="polite" aria-label={text}>
      <p>{text}{policyUrl ? <a href={policyUrl}>{policyLabel}</a> : null}</p>
      <div className="consent-actions">
        <button type="button" className="btn btn-ghost" onClick={() => onAnswer(false)}>{decline}</button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>{accept}</button>
      </div>
    </div>
  );
}
