import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../../src/build.js';
import { nodeSourceFs, type SourceFs } from '../../../src/fs/source-fs.js';
import { serveSite } from '../../../src/serve/serve-site.js';
import { withEditedSiteYaml } from './edited-site-yaml.js';
import { startFakeApi } from './fake-api.js';

export interface SiteWithFakeApi {
  siteUrl: string;
  port: number;
  apiUrl: string;
  distDir: string;
  close(): Promise<void>;
}

/**
 * The real sample site built against the local fake API (only the API, script and beacon addresses
 * of site.yaml changed, and the search index cut into shards) and served by sitegen's own server:
 * what the browser tests and the Lighthouse script run against, so every call a page makes is
 * answered as in production.
 */
export async function startSiteWithFakeApi(root: string): Promise<SiteWithFakeApi> {
  const api = await startFakeApi();
  const distDir = mkdtempSync(join(tmpdir(), 'sitegen-e2e-'));
  const result = await build({ root, fs: withApiAt(nodeSourceFs(root), api.url), outDir: distDir, write: true, minify: true });
  if (!result.ok) {
    await api.close();
    rmSync(distDir, { recursive: true, force: true });
    throw new Error(`the build against the fake API failed:\n${result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`).join('\n')}`);
  }
  const server = await serveSite({ dir: distDir, port: 0, log: () => undefined });
  const port = Number(new URL(server.url).port);
  return {
    siteUrl: `http://localhost:${port}`,
    port,
    apiUrl: api.url,
    distDir,
    async close() {
      await Promise.all([server.close(), api.close()]);
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/**
 * Pages of a locale in one search index for the browser tests: the sample's locales have 50 to 70
 * indexable pages, so each is searched in three shards merged by the browser, as a locale of more
 * than `search.pagesPerIndex` (1 500 by default) pages is on a large site.
 */
export const E2E_PAGES_PER_INDEX = 25;

/** The real content with site.yaml pointing every API, script and beacon address at the fake API, and search in shards. */
function withApiAt(fs: SourceFs, apiUrl: string): SourceFs {
  return withEditedSiteYaml(fs, (yaml) => yaml
    .replace(/^(\s+(?:main|zh|ru): )https:\/\/api\.[^\s]+$/gm, `$1${apiUrl}`)
    .replace(/^clientApi: .*$/m, `clientApi: ${apiUrl}/`)
    .replace(/^(\s+beaconUrl: ).*$/m, `$1${apiUrl}/beacon`)
    .replace(/^(oneTap:\n\s+clientId: .*)$/m, `$1\n  scriptUrl: ${apiUrl}/gsi/client`)
    .replace(/^(\s+defaultScript: ).*$/m, `$1${apiUrl}/chat/widget.js`)
    .replace(/^(\s+easemobScript: ).*$/m, `$1${apiUrl}/chat/easemob.js`)
    .concat(`\nsearch:\n  pagesPerIndex: ${E2E_PAGES_PER_INDEX}\n`));
}
