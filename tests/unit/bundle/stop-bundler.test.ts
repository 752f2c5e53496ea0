import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleSite, stopBundler } from '../../../src/bundle/bundle-site.js';
import { parseSiteConfig } from '../../../src/load/load-config.js';
import { childProcesses } from '../../helpers/child-processes.js';
import { ROOT } from '../../helpers/fixture.js';

const configPath = join(ROOT, 'content/site.yaml');
const config = parseSiteConfig(readFileSync(configPath, 'utf8'), configPath).config!;
// The middleware bundle reads the edge document's hosts only.
const edgeJson = JSON.stringify({ origins: Object.fromEntries(Object.entries(config.hosts)) });
const bundle = () => bundleSite(ROOT, config, edgeJson, { minify: true });
const esbuildServices = () => childProcesses('--service=');
// esbuild.stop() kills the service and resolves at once: the process is gone once it has exited and
// Node has reaped it, which on a busy machine is later (the CI run of 2026-11-28 still listed it).

describe("esbuild's service process after the bundle stage", () => {
  it('ends when a single build is done bundling, and starts again for the next bundle stage', async () => {
    const first = await bundle();
    expect(first.diagnostics).toEqual([]);
    expect(first.bundles).toBeDefined();
    expect(esbuildServices()).toHaveLength(1);
    await stopBundler();
    await expect.poll(esbuildServices).toEqual([]);
    expect((await bundle()).bundles).toBeDefined();
    await stopBundler();
    await expect.poll(esbuildServices).toEqual([]);
  });

  it('is not stopped under a bundle stage that is running', async () => {
    await expect.poll(esbuildServices).toEqual([]);
    const running = bundle();
    // The stage's first esbuild call starts the service.
    while (esbuildServices().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const service = esbuildServices();
    await stopBundler();
    expect((await running).bundles).toBeDefined();
    expect(esbuildServices()).toEqual(service);
    await stopBundler();
    await expect.poll(esbuildServices).toEqual([]);
  });
});
