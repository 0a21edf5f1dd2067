// The bench's Chromium (Debian's when the machine has it) and the one-time import of its map image.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { importMapImage } from './scenarios.mjs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The map image goes in once, through the GM page's own import, and stays in the campaign. */
export async function importBenchImage(browser, host) {
  const setup = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const gm = await setup.newPage();
  await gm.goto(`${host.gm}&e2e=1`);
  const player = await setup.newPage();
  await player.goto(`${host.player}&e2e=1`);
  await gm.waitForFunction(() => window.__battleMap?.stage.getLayers()[2]?.getChildren().length > 0, undefined, { timeout: 60_000 });
  await importMapImage(gm, player);
  await setup.close();
}
