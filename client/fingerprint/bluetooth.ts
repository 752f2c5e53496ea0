/** navigator.bluetooth.getAvailability(), when present (it asks the visitor nothing). */
import type { FingerprintEnv } from './types.js';

export async function bluetoothAvailable(env: FingerprintEnv): Promise<boolean | undefined> {
  try {
    const bt = env.navigator?.bluetooth;
    if (!bt || typeof bt.getAvailability !== 'function') return undefined;
    const available = await bt.getAvailability();
    return typeof available === 'boolean' ? available : undefined;
  } catch {
    return undefined;
  }
}
