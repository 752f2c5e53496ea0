import { HOST_KEYS, type HostKey } from '../../../src/model/locale-table.js';
import { HOSTNAMES } from '../../fixtures/edge-fixture.js';

/** The host key of one of the fixture's hostnames (content/site.yaml), if it is one. */
export function hostKeyOf(hostname: string): HostKey | undefined {
  return HOST_KEYS.find((key) => HOSTNAMES[key] === hostname.toLowerCase());
}
