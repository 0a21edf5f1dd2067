import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e-artifacts',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
  },
});
