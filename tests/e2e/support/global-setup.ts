import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../helpers/fixture.js';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.js';
import { startSiteWithFakeApi } from './site-with-fake-api.js';

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

/** Once per e2e run: the sample site against the fake API, served over HTTP, and one Chromium. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = findChromium();
  const site = await startSiteWithFakeApi(ROOT);
  let browser: BrowserServer;
  try {
    browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await site.close();
    throw error;
  }
  project.provide('e2e', { siteUrl: site.siteUrl, port: site.port, apiUrl: site.apiUrl, browserWs: browser.wsEndpoint(), distDir: site.distDir });
  return async () => {
    await browser.close();
    await site.close();
  };
}
