/** User-agent client hints: the low-entropy brands, and getHighEntropyValues when present. */
import type { FingerprintEnv } from './types.js';
import { attempt } from './util.js';

export const HIGH_ENTROPY_HINTS = ['architecture', 'bitness', 'model', 'platformVersion', 'fullVersionList', 'uaFullVersion', 'wow64', 'formFactors'];

export async function clientHints(env: FingerprintEnv): Promise<Record<string, unknown> | undefined> {
  try {
    const data = env.navigator?.userAgentData;
    if (!data) return undefined;
    const low: Record<string, unknown> = {};
    const brands = attempt(() => data.brands);
    if (Array.isArray(brands)) low.brands = brands.map((b) => ({ brand: String(b?.brand), version: String(b?.version) }));
    const mobile = attempt(() => data.mobile);
    if (typeof mobile === 'boolean') low.mobile = mobile;
    const platform = attempt(() => data.platform);
    if (typeof platform === 'string') low.platform = platform;
    if (typeof data.getHighEntropyValues !== 'function') return low;
    const high = await data.getHighEntropyValues(HIGH_ENTROPY_HINTS);
    return high && typeof high === 'object' ? { ...low, ...JSON.parse(JSON.stringify(high)) as Record<string, unknown> } : low;
  } catch {
    return undefined;
  }
}
