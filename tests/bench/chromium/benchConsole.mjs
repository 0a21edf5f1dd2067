// A console of its own for one group of rows: the bench's campaign on a 100×100 map, the real web
// host, the GM page (1366×768) and the player page (1920×1080), both settled.
import { launchChromium } from './browser.mjs';
import { makeDataDir, startHost } from './host.mjs';
import { openConsolePages } from './pages.mjs';
import { importMapImage, resetFraming, settle } from './scenarios.mjs';

/**
 * Starts the console with `figures` figures (and the bench's 4096² map image unless `mapImage` is
 * false), waits for `ready(pages)` when given, settles both pages with the GM's in front, and
 * resolves to what `measure(pages, host)` measured; the pages and the host are closed after.
 */
export async function withBenchConsole(browser, root, { figures, mapImage = true, ready }, measure) {
  const dataDir = await makeDataDir(root, { cols: 100, rows: 100, figures });
  const host = await startHost(root, dataDir);
  try {
    await resetFraming(host.gm);
    const pages = await openConsolePages(browser, host);
    if (ready) await ready(pages);
    if (mapImage) await importMapImage(pages.gm, pages.player);
    await pages.gm.bringToFront();
    await Promise.all([settle(pages.gm), settle(pages.player)]);
    const measured = await measure(pages, host);
    await pages.close();
    return measured;
  } finally {
    await host.stop();
  }
}

/**
 * A console on a data folder made as `makeDataDir(root, size, build)` does, and a Chromium:
 * resolves to what `use({ host, browser })` resolves to; both are closed after, whatever happened.
 */
export async function withHostAndBrowser(root, size, use, build) {
  const host = await startHost(root, await makeDataDir(root, size, build));
  let browser;
  try {
    browser = await launchChromium();
    return await use({ host, browser });
  } finally {
    await browser?.close();
    await host.stop();
  }
}
