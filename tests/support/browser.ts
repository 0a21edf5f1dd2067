import { existsSync } from 'node:fs';

/** Debian's Chromium when it is installed (CONTRIBUTING.md §Setting up and running), else Playwright's own browser. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const args = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  return existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM, args } : { args };
}
