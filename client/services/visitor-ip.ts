/**
 * The visitor-IP call of spec §7. One answer serves the consent rule (country), analytics (login_ip)
 * and the chat choice (ip), so the runtime asks once per page.
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';

/** Visitor IP info of spec §3. */
export interface VisitorIp {
  ip?: string;
  ua?: string;
  language?: string;
  ip_data?: { timezone?: string; country?: string; region?: string; city?: string };
}

export const VISITOR_IP_PATH = 'sys/config/ip/get-visitor-ip';

/** GET {api}/sys/config/ip/get-visitor-ip; undefined on any failure. */
export async function fetchVisitorIp(api: ApiClient, config: Pick<RuntimeConfig, 'api'>): Promise<VisitorIp | undefined> {
  try {
    const response = await api<VisitorIp>({ url: apiUrl(config.api, VISITOR_IP_PATH) });
    const data = response.data;
    return data && typeof data === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
}
