import { MAIN, RU, ZH } from '../../helpers/fixture.js';
import type { HostKey } from './target.js';

/** The fixture's hostnames (content/site.yaml) by host key, and back. */
export const HOSTNAME: Record<HostKey, string> = { main: MAIN, zh: ZH, ru: RU };
export const HOST_KEYS: readonly HostKey[] = ['main', 'zh', 'ru'];

export function hostKeyOf(hostname: string): HostKey | undefined {
  return HOST_KEYS.find((key) => HOSTNAME[key] === hostname.toLowerCase());
}
