/**
 * Spec §7 source tracking: POST {api}/sys/user/passport/record-source with the external referrers
 * (JSON list) and where the visit came from (JSON object). Sent only when there is something to
 * record: a referrer, a source, or a utm_* / bd_vid parameter. Failures are ignored (spec §8).
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import { queryValue } from './query.js';
import { externalReferrer, type DomainConfig } from './referrer.js';
import { quietCall } from './tolerant.js';

/** Campaign parameters copied from the query into source_data. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_term', 'utm_content', 'utm_campaign', 'bd_vid'] as const;

export interface SourceTrackingInput {
  /** location.href of the page. */
  pageUrl: string;
  /** location.search of the page. */
  search: string;
  /** _POWER_REFERRER as it was before this page updated it. */
  referrerCookie?: string | undefined;
  /** document.referrer of this page. */
  documentReferrer?: string | undefined;
  /** The visitor's validated source (see source-rules.ts). */
  source?: string | undefined;
  /** The validated callback (see callback.ts). */
  callback?: string | undefined;
}

export type SourceTrackingForm = {
  referer: string;
  source_data: string;
};

/** The form to send, or undefined when there is nothing worth recording (pure). */
export function sourceTrackingPayload(input: SourceTrackingInput, domains: DomainConfig): SourceTrackingForm | undefined {
  const referrers: string[] = [];
  for (const value of [input.referrerCookie, input.documentReferrer]) {
    const external = externalReferrer(value, domains);
    if (external && !referrers.includes(external)) referrers.push(external);
  }
  const campaign: Partial<Record<(typeof CAMPAIGN_PARAMS)[number], string>> = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = queryValue(input.search, name);
    if (value !== undefined) campaign[name] = value;
  }
  if (!referrers.length && !input.source && !Object.keys(campaign).length) return undefined;
  const sourceData = { page_url: input.pageUrl, source: input.source, callback: input.callback, ...campaign };
  return { referer: JSON.stringify(referrers), source_data: JSON.stringify(sourceData) };
}

/** Builds and sends the payload; resolves true when sent and accepted, false otherwise. Never rejects. */
export async function sendSourceTracking(
  api: ApiClient,
  config: Pick<RuntimeConfig, 'api' | 'ownDomains' | 'partnerDomains'>,
  input: SourceTrackingInput,
): Promise<boolean> {
  let form: SourceTrackingForm | undefined;
  try {
    form = sourceTrackingPayload(input, config);
  } catch {
    return false;
  }
  if (!form) return false;
  const body = form;
  return quietCall(api, () => ({ method: 'POST', url: apiUrl(config.api, 'sys/user/passport/record-source'), form: body }));
}
