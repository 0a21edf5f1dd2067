import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';

/**
 * Two workers at least (four on a larger machine), each test with its own web host on a free
 * port, its own data folder and its own browser context (fixtures.ts). The timeouts are deadlines
 * for a busy machine, not budgets: no test asserts a timing.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e-artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Math.max(2, Math.min(4, availableParallelism())),
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
  },
});
