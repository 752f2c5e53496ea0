import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: $SITEGEN_CHROMIUM, else Debian's /usr/bin/chromium (what
 * .ci/run installs). No browser is an error, never a skip: a suite that ran nothing must not pass.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.SITEGEN_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(`No Chromium found (looked at ${candidates.join(', ')}). Install Debian's chromium (apt-get install chromium, as .ci/run does) or set SITEGEN_CHROMIUM to a Chromium binary.`);
  }
  return found;
}

/**
 * Flags for a headless Chromium on a closed network: without the background-networking flags it
 * keeps trying to reach Google's hosts.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * CHROMIUM_ARGS for a browser that resolves nothing but localhost and *.localhost: a link or
 * redirect that leaves this machine fails at once (the sample site's API, script and beacon
 * addresses too, instead of waiting on a network the tests do not have).
 */
export const LOCAL_ONLY_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost'];
