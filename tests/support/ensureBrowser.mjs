// Before the browser tests: use Debian's Chromium when present (CONTRIBUTING.md §Setting up and running); otherwise make
// sure Playwright's own Chromium is installed, installing it when neither exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

if (existsSync('/usr/bin/chromium')) {
  console.log('Browser tests use /usr/bin/chromium.');
} else if (existsSync(chromium.executablePath())) {
  console.log(`Browser tests use Playwright's Chromium at ${chromium.executablePath()}.`);
} else {
  console.log("No Chromium found: installing Playwright's Chromium…");
  execFileSync(process.execPath, [new URL('../../node_modules/@playwright/test/cli.js', import.meta.url).pathname, 'install', 'chromium'], {
    stdio: 'inherit',
  });
}
