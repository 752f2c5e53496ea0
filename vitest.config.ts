import { defineConfig } from 'vitest/config';

/** The benchmarks' smoke runs (tests/bench) take minutes of builds in child processes: npm run bench:smoke runs them, npm test does not. */
const benchSmoke = process.env.SITEGEN_BENCH_SMOKE === '1';

/**
 * The sample site's social images drawn once per run into the default cache, with every core, so the
 * processes that build the sample site read them rather than each draw 1 126 cards (docs/testing.md).
 */
const SOCIAL_IMAGES = 'tests/helpers/social-images-setup.ts';

export default defineConfig({
  test: {
    environment: 'node',
    // "Today" for every build the tests run, in this process or a child (src/build-options.ts
    // buildDate): security.txt's expiry warning never appears or disappears with the day the suite runs.
    env: { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 10, 27) / 1000) },
    // Ceilings that only stop a hung test: no test asserts a duration, and a whole-site build on a
    // machine whose cores are both busy elsewhere takes several times as long as on a quiet one.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll only stops a test that would hang: a busy machine is slow, and no test asserts how
    // long a poll took (the default of 1 s failed the browser tests whenever the machine was loaded).
    expect: { poll: { timeout: 30_000 } },
    // Whole-site builds are CPU-bound; two workers match the two cores CI has.
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...(benchSmoke ? [] : ['tests/bench/**'])],
          // One process runs file after file (no new process, module graph and happy-dom per file):
          // the client tests alone went from ~55 s to ~11 s. Every file restores the timers and
          // globals it fakes; tests/helpers/sample-site.ts shares one sample-site build per process.
          isolate: false,
          globalSetup: [SOCIAL_IMAGES],
        },
      },
      {
        // Real Chromium against the built sample site over HTTP (tests/e2e/support/global-setup.ts).
        // Each file answers the pages' API calls with a fake API of its own (tests/e2e/support/e2e.ts),
        // so these files run in parallel with each other and with the rest: a project limited to one
        // file at a time would run only after every other file (vitest runs such a project last).
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [SOCIAL_IMAGES, 'tests/e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
