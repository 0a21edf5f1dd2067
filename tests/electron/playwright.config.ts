import { defineConfig } from '@playwright/test';
import { findElectronBinary } from '../support/electronBinary';

/**
 * The Electron suite runs wherever an Electron binary is installed. Where none is, it runs nothing
 * and says so in a banner that `npm test`'s output cannot hide (`--pass-with-no-tests` in the
 * script keeps the rest of the run green there).
 */
const binary = findElectronBinary();
if ('missing' in binary && !process.env.TEST_WORKER_INDEX) {
  const rule = '='.repeat(100);
  console.log(
    [
      '',
      rule,
      `ELECTRON SUITE NOT RUN: ${binary.missing}.`,
      "The desktop console (its windows, the preload's window.api for the GM and the player, the IPC binding) was NOT tested on this machine.",
      'It runs wherever an Electron binary is installed (`npm run test:electron`; ELECTRON_OVERRIDE_DIST_PATH names an unpacked Electron).',
      rule,
      '',
    ].join('\n'),
  );
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  testIgnore: 'missing' in binary ? '**/*' : undefined,
  outputDir: '../../test-results/electron-artifacts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
});
