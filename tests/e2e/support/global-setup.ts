import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { build } from '../../../src/build.js';
import { nodeSourceFs, type SourceFs } from '../../../src/fs/source-fs.js';
import { serveSite } from '../../../src/serve/serve-site.js';
import { ROOT } from '../../helpers/fixture.js';
import { startFakeApi } from './fake-api.js';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.js';

export interface E2eContext {
  /** The sample site served by `sitegen serve`'s server (main host; zh.localhost:<port> for zh). */
  siteUrl: string;
  port: number;
  /** The fake API of spec §7. */
  apiUrl: string;
  /** Playwright endpoint of the shared Chromium. */
  browserWs: string;
  /** Where the built site was written (for the JS report). */
  distDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/**
 * Once per e2e run: the fake API, the real sample site built against it (only the API, script and
 * beacon addresses of site.yaml changed), the real HTTP server over the output, and one Chromium.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = findChromium();
  const api = await startFakeApi();
  const distDir = mkdtempSync(join(tmpdir(), 'sitegen-e2e-'));
  const result = await build({ root: ROOT, fs: withApiAt(nodeSourceFs(ROOT), api.url), outDir: distDir, write: true, minify: true });
  if (!result.ok) {
    await api.close();
    throw new Error(`the e2e build failed:\n${result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`).join('\n')}`);
  }
  const server = await serveSite({ dir: distDir, port: 0, log: () => undefined });
  let browser: BrowserServer;
  try {
    browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await Promise.all([server.close(), api.close()]);
    throw error;
  }
  const port = Number(new URL(server.url).port);
  project.provide('e2e', { siteUrl: server.url.replace('127.0.0.1', 'localhost'), port, apiUrl: api.url, browserWs: browser.wsEndpoint(), distDir });
  return async () => {
    await browser.close();
    await Promise.all([server.close(), api.close()]);
    rmSync(distDir, { recursive: true, force: true });
  };
}

/** The real content with site.yaml pointing every API, script and beacon address at the fake API. */
function withApiAt(fs: SourceFs, apiUrl: string): SourceFs {
  return {
    listFiles: (dir) => fs.listFiles(dir),
    async readBytes(path) {
      const bytes = await fs.readBytes(path);
      if (path !== 'content/site.yaml' || !bytes) return bytes;
      const yaml = new TextDecoder().decode(bytes)
        .replace(/^(\s+(?:main|zh|ru): )https:\/\/api\.[^\s]+$/gm, `$1${apiUrl}`)
        .replace(/^clientApi: .*$/m, `clientApi: ${apiUrl}/`)
        .replace(/^(\s+beaconUrl: ).*$/m, `$1${apiUrl}/beacon`)
        .replace(/^(oneTap:\n\s+clientId: .*)$/m, `$1\n  scriptUrl: ${apiUrl}/gsi/client`)
        .replace(/^(\s+defaultScript: ).*$/m, `$1${apiUrl}/chat/widget.js`)
        .replace(/^(\s+easemobScript: ).*$/m, `$1${apiUrl}/chat/easemob.js`);
      return new TextEncoder().encode(yaml);
    },
  };
}
