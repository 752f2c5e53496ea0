import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
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
        test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/e2e/**', 'node_modules/**'] },
      },
      {
        // Real Chromium against the built sample site over HTTP (tests/e2e/support/global-setup.ts).
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
