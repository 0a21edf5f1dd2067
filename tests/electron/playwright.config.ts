import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/electron-artifacts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
});
